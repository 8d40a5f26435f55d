import {
  controllingKeys,
  activeBranch,
  evaluate,
  isAnswered,
  isQuestionVisible,
  keysClearedByTabSwitch,
  keysToClear,
  visibleQuestions,
  withoutKeys,
} from './conditions';
import { FORM_PAGES_DEFINITION, pageById } from './definition';
import { dependentDropdown, dropdown, equals, text, yesNo } from './definition/builders';
import { PERSONAL_STATEMENT } from './definition/finalSteps';
import type { Answers, Condition, ConditionExpr, Operator, Page } from './definition/types';

const c = (operator: Operator, target?: Condition['target']): Condition => ({ valueKey: 'x', operator, target });

describe('evaluate: the ten operators of SPEC §4', () => {
  it.each<[Operator, Condition['target'], Answers['x'], boolean]>([
    ['equals', 'Y', 'Y', true],
    ['equals', 'Y', 'N', false],
    ['equals', 'Y', undefined, false],
    ['equals', '', undefined, true],
    ['equals', 5, '5', true],
    ['equals', '5.0', '5', true],
    ['equals', 'y', 'Y', false],
    ['equals', true, true, true],
    ['equals', true, false, false],
    ['equals', true, undefined, false],
    ['notEquals', 'Y', 'N', true],
    ['notEquals', 'Y', 'Y', false],
    ['notEquals', 'Y', undefined, true],
    ['notEquals', true, undefined, true],
    ['notEquals', 10, '10', false],
    ['lt', 10, '9', true],
    ['lt', 10, '10', false],
    ['lt', 10, '11', false],
    // numerically, not as text ('9' > '10' as text)
    ['lt', '10', '9', true],
    ['lt', 10, '', false],
    ['lt', 10, undefined, false],
    ['lte', 10, '10', true],
    ['lte', 10, '11', false],
    ['lte', 10, '-3', true],
    ['gt', 10, '11', true],
    ['gt', 10, '10', false],
    ['gt', '10', '9', false],
    ['gt', 10, undefined, false],
    ['gte', 10, '10', true],
    ['gte', 10, '9.99', false],
    ['gte', 3.5, '3.75', true],
    // dates as ISO text compare as text
    ['lt', '2025-01-01', '2024-12-31', true],
    ['gte', 'b', 'a', false],
    ['answered', undefined, 'x', true],
    ['answered', undefined, '  ', false],
    ['answered', undefined, '', false],
    ['answered', undefined, undefined, false],
    ['answered', undefined, true, true],
    ['answered', undefined, false, false],
    ['notAnswered', undefined, '', true],
    ['notAnswered', undefined, undefined, true],
    ['notAnswered', undefined, 'x', false],
    ['notAnswered', undefined, true, false],
    ['in', ['USA', 'CAN'], 'CAN', true],
    ['in', ['USA', 'CAN'], 'MEX', false],
    ['in', ['USA', 'CAN'], undefined, false],
    ['in', [1, 2, 3], '2', true],
    ['in', 'USA', 'USA', true],
    ['notIn', ['USA', 'CAN'], 'MEX', true],
    ['notIn', ['USA', 'CAN'], 'USA', false],
    ['notIn', ['USA', 'CAN'], undefined, true],
  ])('%s %j with answer %j → %s', (operator, target, value, expected) => {
    expect(evaluate(c(operator, target), value === undefined ? {} : { x: value })).toBe(expected);
  });

  it('reads the answer at valueKey, not another', () => {
    expect(evaluate({ valueKey: 'a', operator: 'equals', target: 'Y' }, { a: 'Y', x: 'N' })).toBe(true);
    expect(evaluate({ valueKey: 'x', operator: 'equals', target: 'Y' }, { a: 'Y', x: 'N' })).toBe(false);
  });

  it.each<[string, ConditionExpr | undefined, boolean]>([
    ['no condition', undefined, true],
    ['a list (all hold)', [equals('a', 'Y'), equals('b', 'Y')], true],
    ['a list (one fails)', [equals('a', 'Y'), equals('b', 'N')], false],
    ['all', { all: [equals('a', 'Y'), equals('b', 'N')] }, false],
    ['any', { any: [equals('a', 'N'), equals('b', 'Y')] }, true],
    ['any (none)', { any: [equals('a', 'N'), equals('b', 'N')] }, false],
    ['nested', { any: [[equals('a', 'Y'), equals('b', 'N')], { all: [equals('a', 'Y')] }] }, true],
  ])('combines conditions: %s', (_, expr, expected) => {
    expect(evaluate(expr, { a: 'Y', b: 'Y' })).toBe(expected);
  });

  it('refuses an unknown operator loudly', () => {
    expect(() => evaluate({ valueKey: 'x', operator: 'like' as Operator, target: 'a' }, {})).toThrow(/like/);
  });

  it.each([
    ['', false],
    [' ', false],
    ['a', true],
    [true, true],
    [false, false],
    [undefined, false],
  ])('isAnswered(%j) = %s', (value, expected) => {
    expect(isAnswered(value)).toBe(expected);
  });
});

describe('visibility', () => {
  const keys = (page: 'about' | 'education' | 'final-steps', answers: Answers) =>
    visibleQuestions(page, answers).map((q) => q.key);

  it.each<[string, 'about' | 'education' | 'final-steps', Answers, string, boolean]>([
    ['conviction_comment when conviction is Y', 'final-steps', { conviction: 'Y' }, 'conviction_comment', true],
    ['no conviction_comment when N', 'final-steps', { conviction: 'N' }, 'conviction_comment', false],
    ['no conviction_comment when unanswered', 'final-steps', {}, 'conviction_comment', false],
    ['suspended_comment when suspended is Y', 'final-steps', { suspended: 'Y' }, 'suspended_comment', true],
    ['mailing address when not the same', 'about', { mailing_addr_same_as_perm_addr: 'N' }, 'mailing_city', true],
    ['mailing address before the question is answered', 'about', {}, 'mailing_city', true],
    ['no mailing address when the same', 'about', { mailing_addr_same_as_perm_addr: 'Y' }, 'mailing_city', false],
    [
      'no effective date when the same',
      'about',
      { mailing_addr_same_as_perm_addr: 'Y' },
      'mailing_addr_effective_date',
      false,
    ],
    ['parent address when different', 'about', { parent_addr_same_as_stu_perm: 'N' }, 'parent_city', true],
    ['no parent address when the same', 'about', { parent_addr_same_as_stu_perm: 'Y' }, 'parent_city', false],
    ['parent 2 address independent of parent 1', 'about', { parent_addr_same_as_stu_perm: 'Y' }, 'parent_2_city', true],
    ['education_other when other', 'about', { parent_2_education: 'other' }, 'parent_2_education_other', true],
    ['no education_other otherwise', 'about', { parent_2_education: 'bachelor' }, 'parent_2_education_other', false],
    ['SAT scores when taken', 'education', { sat_taken: 'Y' }, 'sat_score_math', true],
    ['no SAT scores when not taken', 'education', { sat_taken: 'N' }, 'sat_score_math', false],
    ['SAT plan when not taken', 'education', { sat_taken: 'N' }, 'sat_plan', true],
    ['no SAT plan when taken', 'education', { sat_taken: 'Y' }, 'sat_plan', false],
    ['no SAT plan when unanswered', 'education', {}, 'sat_plan', false],
    ['ACT composite when taken', 'education', { act_taken: 'Y' }, 'act_score_composite', true],
    ['ACT plan when not taken', 'education', { act_taken: 'N' }, 'act_plan', true],
    ['state for USA', 'about', { country: 'USA' }, 'state', true],
    ['state for Canada', 'about', { country: 'CAN' }, 'state', true],
    ['no state for Mexico (no options)', 'about', { country: 'MEX' }, 'state', false],
    ['no state without a country', 'about', {}, 'state', false],
    ['college search for transfer students (section condition)', 'education', { student_type: 'TR' }, 'ceeb_cd', true],
    ['no college search for first-year students', 'education', { student_type: 'FY' }, 'ceeb_cd', false],
    ['military benefits for veterans', 'about', { veteran_question: 'VETERAN' }, 'mil_ed', true],
    ['no military benefits for N', 'about', { veteran_question: 'N' }, 'mil_ed', false],
    ['international phone when living abroad', 'about', { intl_reside: 'Y' }, 'phone_international', true],
    ['activity entries are all declared', 'education', {}, 'activity_4_position', true],
    ['both personal statement tabs are in the page', 'final-steps', {}, 'personal_statement_doc', true],
  ])('%s', (_, page, answers, key, shown) => {
    expect(keys(page, answers).includes(key)).toBe(shown);
  });

  it('citizenship_type drives citizenship, visa status and A-number through a condition group', () => {
    const shown = (citizenship_type?: string) =>
      keys('about', citizenship_type ? { citizenship_type } : {}).filter((k) =>
        ['citizenship', 'citizenship_visa_status', 'alien_registration_number'].includes(k),
      );
    expect(shown()).toEqual([]);
    expect(shown('US')).toEqual([]);
    expect(shown('DUAL')).toEqual(['citizenship']);
    expect(shown('PR')).toEqual(['citizenship', 'alien_registration_number']);
    expect(shown('INTL')).toEqual(['citizenship', 'citizenship_visa_status']);
  });

  it('activeBranch is the first true branch', () => {
    const group = {
      id: 'g',
      branches: [
        { id: 'first', condition: { valueKey: 'n', operator: 'gte', target: 10 } as Condition },
        { id: 'second', condition: { valueKey: 'n', operator: 'gte', target: 5 } as Condition },
      ],
    };
    expect(activeBranch(group, { n: '12' })).toBe('first');
    expect(activeBranch(group, { n: '7' })).toBe('second');
    expect(activeBranch(group, { n: '1' })).toBeUndefined();
  });

  it('isQuestionVisible works per section for the renderer', () => {
    const about = pageById('about')!;
    const citizenship = about.sections.find((s) => s.id === 'citizenship')!;
    const visa = citizenship.questions.find((q) => q.key === 'citizenship_visa_status')!;
    expect(isQuestionVisible(visa, citizenship, { citizenship_type: 'INTL' })).toBe(true);
    expect(isQuestionVisible(visa, citizenship, { citizenship_type: 'PR' })).toBe(false);
    const address = about.sections.find((s) => s.id === 'permanent-address')!;
    const state = address.questions.find((q) => q.key === 'state')!;
    expect(isQuestionVisible(state, address, { country: 'CAN' })).toBe(true);
    expect(isQuestionVisible(state, address, { country: 'FRA' })).toBe(false);
  });
});

describe('keysToClear', () => {
  it('clears nothing when nothing is hidden', () => {
    const answers = { conviction: 'Y', conviction_comment: 'Explained', country: 'USA', state: 'NY' };
    expect(keysToClear(answers, answers)).toEqual([]);
  });

  it('a hidden question clears its answer', () => {
    expect(
      keysToClear({ conviction: 'Y', conviction_comment: 'x' }, { conviction: 'N', conviction_comment: 'x' }),
    ).toEqual(['conviction_comment']);
  });

  it('hidden questions clear their answers and _desc companions, and only what holds something', () => {
    const previous = {
      mailing_addr_same_as_perm_addr: 'N',
      mailing_address_line_1: 'PO Box 1',
      mailing_city: 'Troy',
      mailing_country: 'USA',
      mailing_country_desc: 'United States',
      mailing_state: 'NY',
      mailing_state_desc: 'New York',
      mailing_zip: '',
    };
    const next = { ...previous, mailing_addr_same_as_perm_addr: 'Y' };
    expect(keysToClear(previous, next).sort()).toEqual(
      [
        'mailing_address_line_1',
        'mailing_city',
        'mailing_country',
        'mailing_country_desc',
        'mailing_state',
        'mailing_state_desc',
      ].sort(),
    );
  });

  it('a hidden section clears its questions and its clears list', () => {
    const pages: Page[] = [
      {
        id: 'about',
        path: '/about',
        title: 'About You',
        sections: [
          { id: 'a', title: 'A', questions: [yesNo('first_gen', 'Q')] },
          {
            id: 'b',
            title: 'B',
            condition: equals('first_gen', 'Y'),
            clears: ['employed'],
            questions: [text('family_attended', 'F')],
          },
        ],
      },
    ];
    const previous = { first_gen: 'Y', family_attended: 'x', employed: 'Y', employed_desc: 'Yes' };
    expect(keysToClear(previous, { ...previous, first_gen: 'N' }, pages).sort()).toEqual(
      ['employed', 'employed_desc', 'family_attended'].sort(),
    );
    expect(keysToClear(previous, previous, pages)).toEqual([]);
  });

  it('the transfer-only college section clears the college code and its name', () => {
    const previous = { student_type: 'TR', ceeb_cd: '995001', ceeb_cd_desc: 'Sample State University' };
    expect(keysToClear(previous, { ...previous, student_type: 'FY' })).toEqual(['ceeb_cd', 'ceeb_cd_desc']);
  });

  it('condition groups keep the first true branch’s answers and clear the others’', () => {
    const intl = {
      citizenship_type: 'INTL',
      citizenship: 'FRA',
      citizenship_desc: 'France',
      citizenship_visa_status: 'F-1',
      citizenship_visa_status_desc: 'F-1 (student)',
    };
    // INTL → PR: the country stays (both branches have it), the visa goes.
    expect(keysToClear(intl, { ...intl, citizenship_type: 'PR' })).toEqual([
      'citizenship_visa_status',
      'citizenship_visa_status_desc',
    ]);
    // PR → US: the country and the A-number go.
    const resident = { citizenship_type: 'PR', citizenship: 'FRA', alien_registration_number: 'A12345678' };
    expect(keysToClear(resident, { ...resident, citizenship_type: 'US' }).sort()).toEqual(
      ['alien_registration_number', 'citizenship'].sort(),
    );
  });

  it('first true branch wins when several hold', () => {
    const pages: Page[] = [
      {
        id: 'about',
        path: '/about',
        title: 'About You',
        sections: [
          {
            id: 's',
            title: 'S',
            conditionGroups: [
              {
                id: 'g',
                branches: [
                  { id: 'big', condition: { valueKey: 'n', operator: 'gte', target: 10 } },
                  { id: 'some', condition: { valueKey: 'n', operator: 'gte', target: 1 } },
                ],
              },
            ],
            questions: [
              text('n', 'N'),
              text('big_detail', 'Big', { conditionGroup: { group: 'g', branches: ['big'] } }),
              text('some_detail', 'Some', { conditionGroup: { group: 'g', branches: ['some'] } }),
            ],
          },
        ],
      },
    ];
    const answers = { n: '12', big_detail: 'b', some_detail: 's' };
    expect(keysToClear(answers, answers, pages)).toEqual(['some_detail']);
    expect(keysToClear(answers, { ...answers, n: '3' }, pages)).toEqual(['big_detail']);
  });

  it('a conditional dropdown whose controlling answer changed clears its value and _desc', () => {
    const previous = { country: 'USA', country_desc: 'United States', state: 'NY', state_desc: 'New York' };
    const next = { ...previous, country: 'CAN', country_desc: 'Canada' };
    expect(keysToClear(previous, next)).toEqual(['state', 'state_desc']);
  });

  it('… also when the new controlling value has no options (the dropdown hides)', () => {
    const previous = { hs_country: 'USA', hs_state: 'IL' };
    expect(keysToClear(previous, { hs_country: 'FRA', hs_state: 'IL' })).toEqual(['hs_state']);
  });

  it('… but not when the value was set in the same change (a lookup filling country and state)', () => {
    const previous = { country: 'CAN', state: 'ON' };
    expect(keysToClear(previous, { country: 'USA', state: 'IL' })).toEqual([]);
  });

  it('… and not when the controlling answer is unchanged', () => {
    const previous = { country: 'USA', state: 'NY' };
    expect(keysToClear(previous, { country: 'USA', state: 'NJ' })).toEqual([]);
  });

  it('a dependent dropdown declared with a static option list for one value only', () => {
    const pages: Page[] = [
      {
        id: 'about',
        path: '/about',
        title: 'About You',
        sections: [
          {
            id: 's',
            title: 'S',
            questions: [
              dropdown('kind', 'Kind', [
                { value: 'a', label: 'A' },
                { value: 'b', label: 'B' },
                { value: 'c', label: 'C' },
              ]),
              dependentDropdown('detail', 'Detail', 'kind', {
                a: [{ value: '1', label: 'One' }],
                b: [{ value: '2', label: 'Two' }],
                c: [],
              }),
            ],
          },
        ],
      },
    ];
    expect(visibleQuestions('about', { kind: 'a' }, pages).map((q) => q.key)).toEqual(['kind', 'detail']);
    expect(visibleQuestions('about', { kind: 'c' }, pages).map((q) => q.key)).toEqual(['kind']);
    expect(keysToClear({ kind: 'a', detail: '1' }, { kind: 'b', detail: '1' }, pages)).toEqual(['detail']);
  });

  it('repeats until nothing more hides (a cleared answer can hide another question)', () => {
    const pages: Page[] = [
      {
        id: 'about',
        path: '/about',
        title: 'About You',
        sections: [
          {
            id: 's',
            title: 'S',
            questions: [
              yesNo('a', 'A'),
              yesNo('b', 'B', { condition: equals('a', 'Y') }),
              text('c', 'C', { condition: equals('b', 'Y') }),
            ],
          },
        ],
      },
    ];
    expect(keysToClear({ a: 'Y', b: 'Y', c: 'x' }, { a: 'N', b: 'Y', c: 'x' }, pages).sort()).toEqual(['b', 'c']);
  });

  it('withoutKeys applies a clear list', () => {
    const next = { country: 'CAN', state: 'NY', state_desc: 'New York' };
    expect(withoutKeys(next, keysToClear({ country: 'USA', state: 'NY' }, next))).toEqual({ country: 'CAN' });
  });
});

describe('tabs', () => {
  it('switching away from a tab clears that tab’s list', () => {
    expect(keysClearedByTabSwitch(PERSONAL_STATEMENT, 'essay', 'upload')).toEqual(['personal_statement_essay']);
    expect(keysClearedByTabSwitch(PERSONAL_STATEMENT, 'upload', 'essay')).toEqual(['personal_statement_doc']);
    expect(keysClearedByTabSwitch(PERSONAL_STATEMENT, 'essay', 'essay')).toEqual([]);
  });

  it('the real definition is the one tested', () => {
    expect(FORM_PAGES_DEFINITION[2].sections[0].questions[0]).toBe(PERSONAL_STATEMENT);
  });
});

describe('controllingKeys', () => {
  it('holds the keys conditions read, and not plain answers', () => {
    const keys = controllingKeys();
    for (const key of [
      'country',
      'conviction',
      'suspended',
      'sat_taken',
      'act_taken',
      'mailing_addr_same_as_perm_addr',
    ]) {
      expect(keys.has(key)).toBe(true);
    }
    for (const key of ['first_name', 'last_name', 'city', 'personal_statement_essay'])
      expect(keys.has(key)).toBe(false);
  });
});
