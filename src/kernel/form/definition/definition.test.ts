import { INPUT_MAX_LENGTH, TEXTAREA_MAX_LENGTH } from '../../constants';
import { PARTNER } from '../../partner';
import { DATA_MODEL, DATA_MODEL_KEYS } from './dataModel';
import {
  allAnswerKeys,
  allQuestions,
  entryByKey,
  FORM_PAGES_DEFINITION,
  pageById,
  pageByPath,
  pageOfKey,
  questionByKey,
  questionEntries,
  summaryMap,
} from './index';
import { parentSection } from './parent';
import { QUESTION_TYPES, type LeafQuestion, type PageId, type Question } from './types';

const keys = allAnswerKeys();

describe('the pages', () => {
  it('are About You, Your Academics and Final Steps at their routes', () => {
    expect(FORM_PAGES_DEFINITION.map((p) => [p.id, p.path, p.title])).toEqual([
      ['about', '/about', 'About You'],
      ['education', '/education', 'Your Academics'],
      ['final-steps', '/final-steps', 'Final Steps'],
    ]);
    expect(pageByPath('/education')?.id).toBe('education');
    expect(pageById('final-steps')?.title).toBe('Final Steps');
  });

  it('have unique section ids per page and unique anchors', () => {
    for (const page of FORM_PAGES_DEFINITION) {
      const ids = page.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const anchors = questionEntries().map((e) => e.question.key);
    expect(new Set(anchors).size).toBe(anchors.length);
  });
});

describe('the data model (SPEC §3 "Application answers")', () => {
  it.each(DATA_MODEL_KEYS.map((k) => [k]))('%s is declared exactly once', (key) => {
    expect(keys.filter((k) => k === key)).toHaveLength(1);
  });

  it('has every activity field for activities 1 to 4 and both parents', () => {
    expect(DATA_MODEL.activities).toHaveLength(32);
    expect(DATA_MODEL.activities).toContain('activity_4_position');
    expect(DATA_MODEL.parents).toHaveLength(34);
    expect(DATA_MODEL.parents).toContain('parent_2_addr_same_as_stu_perm');
  });

  it('the form declares nothing else but 4 to 6 spec_programs_* flags', () => {
    const extra = keys.filter((k) => !DATA_MODEL_KEYS.includes(k));
    expect(extra.every((k) => /^spec_programs_[a-z_]+$/.test(k))).toBe(true);
    expect(extra.length).toBeGreaterThanOrEqual(4);
    expect(extra.length).toBeLessThanOrEqual(6);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each<[PageId, readonly string[]]>([
    ['about', [...DATA_MODEL.aboutYou, ...DATA_MODEL.parents, ...DATA_MODEL.also]],
    ['education', [...DATA_MODEL.academics, ...DATA_MODEL.testScores, ...DATA_MODEL.activities]],
    ['final-steps', [...DATA_MODEL.personalStatement, ...DATA_MODEL.final]],
  ])('%s holds its fields', (pageId, fields) => {
    for (const key of fields) expect([key, pageOfKey(key)]).toEqual([key, pageId]);
  });
});

describe('labels (SPEC §5, word for word)', () => {
  it.each([
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['birth_date', 'Date of Birth'],
    ['gender', 'Gender'],
    ['address_line_1', 'Address'],
    ['city', 'City'],
    ['country', 'Country'],
    ['entry_term', 'When do you plan to enroll?'],
    ['applied_major', 'Choose a primary academic program of interest.'],
    ['hs_name', 'Search for Your School'],
    ['conviction', 'Have you been convicted of a felony?'],
    ['suspended', 'Have you been suspended from any school?'],
    ['gpa_scale', 'What GPA scale is used?'],
  ])('%s is labelled %j', (key, label) => {
    expect(questionByKey(key)?.label).toBe(label);
  });

  it('every question has a label (content aside)', () => {
    for (const q of allQuestions())
      if (q.type !== 'content') expect([q.key, q.label.trim().length > 0]).toEqual([q.key, true]);
  });
});

describe('question types and defaults', () => {
  const q = (key: string) => questionByKey(key) as LeafQuestion;

  it('text 45, textarea 1500, the personal statement the partner’s limit (7000)', () => {
    expect(q('first_name')).toMatchObject({ type: 'text', maxLength: INPUT_MAX_LENGTH });
    expect(q('conviction_comment')).toMatchObject({ type: 'textarea', maxLength: TEXTAREA_MAX_LENGTH });
    expect(q('personal_statement_essay')).toMatchObject({ type: 'textarea', maxLength: PARTNER.characterLimit });
    expect(PARTNER.characterLimit).toBe(7000);
  });

  it.each([
    ['birth_date', 'date'],
    ['mailing_addr_effective_date', 'date'],
    ['phone_home', 'phone'],
    ['phone_mobile', 'phone'],
    ['parent_2_phone', 'phone'],
    ['optin_sms_ind', 'checkbox'],
    ['legal_agree', 'confirmation'],
    ['personal_statement_doc', 'document'],
    ['hs_name', 'lookup'],
    ['address_line_1', 'lookup'],
    ['ceeb_cd', 'lookup'],
    ['marital_status_married', 'checkboxGroup'],
    ['race_asian', 'checkboxGroup'],
    ['spec_programs_rotc', 'checkboxGroup'],
    ['grad_year', 'monthYear'],
    ['hs_attend_from_month', 'monthYear'],
    ['sat_plan_year', 'monthYear'],
    ['act_plan_month', 'monthYear'],
    ['activity_2_junior', 'checkboxGroup'],
    ['activity_3_continue', 'checkbox'],
    ['state', 'dropdown'],
    ['conviction', 'radio'],
  ])('%s is a %s', (key, type) => {
    expect(q(key).type).toBe(type);
  });

  it('uses every question type of the union but ssn and password', () => {
    const used = new Set<string>(
      FORM_PAGES_DEFINITION.flatMap((p) => p.sections.flatMap((s) => s.questions.map((x) => x.type))),
    );
    allQuestions().forEach((x) => used.add(x.type));
    expect(QUESTION_TYPES.filter((t) => !used.has(t))).toEqual(['password', 'ssn']);
  });

  it('Yes/No questions use Y and N', () => {
    for (const key of ['conviction', 'suspended', 'sat_taken', 'act_taken', 'test_optional_interest']) {
      expect(q(key)).toMatchObject({
        type: 'radio',
        options: [
          { value: 'Y', label: 'Yes' },
          { value: 'N', label: 'No' },
        ],
      });
    }
  });

  it('the school lookup fills the hs_* keys and keeps the typed name in hs_name', () => {
    expect(q('hs_name')).toMatchObject({
      category: 'hs_ceeb',
      labelKey: 'name',
      fills: {
        name: 'hs_name',
        address_line_1: 'hs_address_line_1',
        city: 'hs_city',
        state: 'hs_state',
        zip: 'hs_zip',
        country: 'hs_country',
        ceeb: 'hs_ceeb',
      },
    });
    expect(q('address_line_1')).toMatchObject({
      category: 'address',
      labelKey: 'address_line_1',
      fills: { address_line_1: 'address_line_1', city: 'city', state: 'state', zip: 'zip', country: 'country' },
    });
  });

  it('the state dropdowns depend on their country', () => {
    for (const [state, country] of [
      ['state', 'country'],
      ['mailing_state', 'mailing_country'],
      ['hs_state', 'hs_country'],
      ['parent_state', 'parent_country'],
      ['parent_2_state', 'parent_2_country'],
    ]) {
      expect(q(state)).toMatchObject({ type: 'dropdown', optionsFrom: { valueKey: country } });
    }
  });
});

describe('activities (add another)', () => {
  it('has entries 1–4 with prefixed keys, at most 4 (≤ 10)', () => {
    const activity = questionByKey('activity') as Question;
    expect(activity).toMatchObject({
      type: 'addAnother',
      buttonId: 'activity',
      maxNumberOfComponents: 4,
      keyPrefixes: ['activity_', 'activity_2_', 'activity_3_', 'activity_4_'],
    });
    expect(entryByKey('activity_3_name')?.container).toMatchObject({
      type: 'addAnother',
      entry: 3,
      prefix: 'activity_3_',
    });
    expect(entryByKey('activity_name')?.container).toMatchObject({ entry: 1 });
  });
});

describe('personal statement (tabs)', () => {
  it('is a tab group whose tabs clear each other’s keys', () => {
    expect(questionByKey('personal_statement')).toMatchObject({
      type: 'tabs',
      tabId: 'personal_statement',
      defaultTab: 'essay',
      tabs: [
        { id: 'essay', label: 'Write your statement', clears: ['personal_statement_essay'] },
        { id: 'upload', label: 'Upload a document', clears: ['personal_statement_doc'] },
      ],
    });
    expect(entryByKey('personal_statement_doc')?.container).toMatchObject({ type: 'tabs', tab: 'upload' });
  });
});

describe('parents', () => {
  it('parent 1 and parent 2 come from one declaration, differing only by prefix and title', () => {
    const about = pageById('about')!;
    const one = about.sections.find((s) => s.id === 'parent-1')!;
    const two = about.sections.find((s) => s.id === 'parent-2')!;
    expect(one).toEqual(parentSection('parent_', 'Parent 1/Guardian 1', 'parent-1'));
    expect(two).toEqual(parentSection('parent_2_', 'Parent 2/Guardian 2', 'parent-2'));
    const strip = (key: string, prefix: string) => key.slice(prefix.length);
    expect(one.questions.map((q) => strip(q.key, 'parent_'))).toEqual(
      two.questions.map((q) => strip(q.key, 'parent_2_')),
    );
    expect(one.questions.map((q) => q.label)).toEqual(two.questions.map((q) => q.label));
  });
});

describe('helpers', () => {
  it('questionByKey resolves answer keys, _desc companions and anchors', () => {
    expect(questionByKey('state_desc')?.key).toBe('state');
    expect(questionByKey('grad_month')?.key).toBe('grad');
    expect(questionByKey('grad')?.key).toBe('grad');
    expect(questionByKey('race_white')?.key).toBe('race');
    expect(questionByKey('activity_2_name')?.key).toBe('activity_2_name');
    expect(questionByKey('personal_statement')?.type).toBe('tabs');
    expect(questionByKey('nonexistent')).toBeUndefined();
  });

  it('pageOfKey', () => {
    expect(pageOfKey('first_name')).toBe('about');
    expect(pageOfKey('activity_4_senior')).toBe('education');
    expect(pageOfKey('legal_agree')).toBe('final-steps');
    expect(pageOfKey('state_desc')).toBe('about');
    expect(pageOfKey('nope')).toBeUndefined();
  });

  it('summaryMap lists each page’s answer keys', () => {
    const map = summaryMap();
    expect(map.about[0]).toBe('first_name');
    expect(map['final-steps']).toEqual(expect.arrayContaining(['personal_statement_essay', 'legal_agree']));
    expect(map.about.length + map.education.length + map['final-steps'].length).toBe(keys.length);
  });
});
