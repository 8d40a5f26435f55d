import {
  checkAddAnotherLimits,
  checkConditionReferences,
  checkDefinition,
  checkKeysHavePage,
  checkKeysInDataModel,
  checkKeysOnOnePage,
  keysWithoutPage,
  reportDefinitionProblems,
} from './devChecks';
import { FORM_PAGES_DEFINITION } from '../../kernel/form/definition';
import { equals, text, yesNo } from '../../kernel/form/definition/builders';
import { ACTIVITIES } from '../../kernel/form/definition/education';
import type { AddAnotherQuestion, Page, Question, Section } from '../../kernel/form/definition/types';

const page = (id: Page['id'], ...sections: Section[]): Page => ({
  id,
  path: id === 'about' ? '/about' : id === 'education' ? '/education' : '/final-steps',
  title: id === 'about' ? 'About You' : id === 'education' ? 'Your Academics' : 'Final Steps',
  sections,
});
const section = (id: string, ...questions: Question[]): Section => ({ id, title: id, questions });

describe('the real definition', () => {
  it('has no problems', () => {
    expect(checkDefinition()).toEqual([]);
  });

  it('reportDefinitionProblems logs nothing for it', () => {
    const log = jest.fn();
    expect(reportDefinitionProblems(FORM_PAGES_DEFINITION, log)).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('each check fires on a broken definition', () => {
  it('a key on more than one page', () => {
    const pages = [
      page('about', section('a', text('first_name', 'F'))),
      page('education', section('b', text('first_name', 'F'))),
    ];
    expect(checkKeysOnOnePage(pages)).toEqual([
      expect.objectContaining({
        kind: 'keyOnSeveralPages',
        key: 'first_name',
        message: expect.stringMatching(/about, education/),
      }),
    ]);
  });

  it('a key twice on one page', () => {
    const pages = [page('about', section('a', text('city', 'City')), section('b', text('city', 'City')))];
    expect(checkKeysOnOnePage(pages)).toEqual([expect.objectContaining({ kind: 'duplicateKey', key: 'city' })]);
  });

  it('a key that is not in the data model', () => {
    const pages = [page('about', section('a', text('first_name', 'F'), text('favourite_colour', 'Colour')))];
    expect(checkKeysInDataModel(pages)).toEqual([
      expect.objectContaining({ kind: 'keyNotInDataModel', key: 'favourite_colour' }),
    ]);
  });

  it('a spec_programs_* flag is in the data model, a misspelled family is not', () => {
    const pages = [
      page(
        'education',
        section('a', {
          type: 'checkboxGroup',
          key: 'programs',
          label: 'Programs',
          options: [
            { key: 'spec_programs_chess', label: 'Chess' },
            { key: 'spec_program_chess', label: 'Chess' },
          ],
        }),
      ),
    ];
    expect(checkKeysInDataModel(pages).map((p) => p.key)).toEqual(['spec_program_chess']);
  });

  it('a lookup filling a key outside the data model (its _desc companion is fine)', () => {
    const pages = [
      page(
        'education',
        section('a', {
          type: 'lookup',
          key: 'ceeb_cd',
          label: 'College',
          category: 'college_ceeb',
          labelKey: 'name',
          fills: { name: 'ceeb_cd_desc', ceeb: 'ceeb_cd', city: 'college_city' },
        }),
      ),
    ];
    expect(checkKeysInDataModel(pages).map((p) => p.key)).toEqual(['college_city']);
  });

  it('a data-model key with no page', () => {
    const problems = checkKeysHavePage(
      [page('about', section('a', text('first_name', 'F')))],
      ['first_name', 'last_name'],
    );
    expect(problems).toEqual([expect.objectContaining({ kind: 'keyWithoutPage', key: 'last_name' })]);
    // With the real data model, nearly every key is missing from a one-question form.
    expect(checkKeysHavePage([page('about', section('a', text('first_name', 'F')))]).length).toBeGreaterThan(150);
  });

  it('maxNumberOfComponents above 10', () => {
    const tooMany: AddAnotherQuestion = {
      ...ACTIVITIES,
      maxNumberOfComponents: 11,
      keyPrefixes: Array.from({ length: 11 }, (_, i) => (i === 0 ? 'activity_' : `activity_${i + 1}_`)),
    };
    expect(checkAddAnotherLimits([page('education', section('a', tooMany))])).toEqual([
      expect.objectContaining({
        kind: 'tooManyComponents',
        key: 'activity',
        message: expect.stringMatching(/11 .*maximum is 10/),
      }),
    ]);
    const ten = { ...tooMany, maxNumberOfComponents: 10 };
    expect(checkAddAnotherLimits([page('education', section('a', ten))])).toEqual([]);
  });

  it('more components than key prefixes', () => {
    const short = { ...ACTIVITIES, maxNumberOfComponents: 5 };
    expect(checkAddAnotherLimits([page('education', section('a', short))])).toEqual([
      expect.objectContaining({ kind: 'tooManyComponents', message: expect.stringMatching(/prefixes for 4/) }),
    ]);
  });

  it('a condition reading a key no question declares', () => {
    const pages = [
      page('final-steps', section('a', text('conviction_comment', 'C', { condition: equals('convicted', 'Y') }))),
    ];
    expect(checkConditionReferences(pages)).toEqual([
      expect.objectContaining({ kind: 'unknownConditionKey', key: 'convicted' }),
    ]);
  });

  it('a question naming a condition group (or branch) its section does not declare', () => {
    const pages = [
      page('about', {
        id: 'c',
        title: 'C',
        conditionGroups: [
          { id: 'citizenship', branches: [{ id: 'intl', condition: equals('citizenship_type', 'INTL') }] },
        ],
        questions: [
          yesNo('citizenship_type', 'T'),
          text('citizenship', 'C', { conditionGroup: { group: 'citizenship', branches: ['intl', 'dual'] } }),
          text('alien_registration_number', 'A', { conditionGroup: { group: 'nope', branches: ['x'] } }),
        ],
      }),
    ];
    expect(checkConditionReferences(pages).map((p) => [p.kind, p.key])).toEqual([
      ['unknownConditionGroup', 'citizenship'],
      ['unknownConditionGroup', 'alien_registration_number'],
    ]);
  });

  it('checkDefinition gathers them all and reportDefinitionProblems logs each', () => {
    const pages = [
      page('about', section('a', text('first_name', 'F'), text('first_name', 'F'), text('nickname', 'N'))),
    ];
    const log = jest.fn();
    const problems = reportDefinitionProblems(pages, log);
    expect(problems.map((p) => p.kind)).toEqual(
      expect.arrayContaining(['duplicateKey', 'keyNotInDataModel', 'keyWithoutPage']),
    );
    expect(log).toHaveBeenCalledTimes(problems.length);
  });
});

describe('keysWithoutPage', () => {
  it('names the keys of an answers map that no page declares', () => {
    expect(keysWithoutPage(['first_name', 'state_desc', 'activity_3_name', 'mystery', 'activity_5_name'])).toEqual([
      'mystery',
      'activity_5_name',
    ]);
  });
});
