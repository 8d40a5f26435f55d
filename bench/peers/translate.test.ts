/**
 * The translator (bench/peers/translate.ts): every About You question of our definition is in the SurveyJS and
 * Form.io JSON with its label, type and options. Pure data: no peer library is needed (or loaded).
 */
import { ABOUT_PAGE } from '../../src/kernel/form/definition/about';
import type { LeafQuestion, Option } from '../../src/kernel/form/definition/types';
import { resolveOptions } from '../../src/kernel/form/options';
import { FORMIO_TYPES, SURVEY_TYPES, toFormio, toFormioData, toSurveyJs, toSurveyJsData } from './translate';

type Node = { [key: string]: unknown };

const questions = ABOUT_PAGE.sections.flatMap((section) => section.questions) as LeafQuestion[];

/** Our options of a question, every controlling value's list for a dependent dropdown (each value once). */
function ourOptions(q: LeafQuestion): Option[] {
  if (q.type === 'radio') return [...resolveOptions(q.options)];
  if (q.type === 'checkboxGroup') return q.options.map((o) => ({ value: o.key, label: o.label }));
  if (q.type === 'dropdown' && q.optionsFrom) {
    const all = Object.values(q.optionsFrom.byValue).flatMap((spec) => [...resolveOptions(spec)]);
    return all.filter((o, i) => all.findIndex((x) => x.value === o.value) === i);
  }
  if (q.type === 'dropdown') return [...resolveOptions(q.options ?? [])];
  return [];
}

const survey = toSurveyJs();
const surveyPanels = (survey.pages[0].elements as Node[]).filter((e) => e.type === 'panel');
const surveyQuestions = new Map(surveyPanels.flatMap((p) => (p.elements as Node[]).map((e) => [e.name as string, e])));

const formio = toFormio();
const formioPanels = formio.components.filter((c) => c.type === 'panel') as Node[];
const formioComponents = new Map(
  formioPanels.flatMap((p) => (p.components as Node[]).map((c) => [c.key as string, c])),
);

describe('About You in SurveyJS JSON', () => {
  it('has one panel per section, titled as ours, with the page title', () => {
    expect(survey.title).toBe('About You');
    expect(surveyPanels.map((p) => p.title)).toEqual(ABOUT_PAGE.sections.map((s) => s.title));
  });

  it.each(questions.map((q) => [q.key, q] as const))('%s: label, type and options', (key, q) => {
    const element = surveyQuestions.get(key);
    expect(element).toBeDefined();
    expect(element!.title).toBe(q.label);
    expect(element!.type).toBe(SURVEY_TYPES[q.type]);
    const choices = ((element!.choices as Node[] | undefined) ?? []).map((c) => ({ value: c.value, label: c.text }));
    // A dependent dropdown's choices are per controlling value (each shown for its value): compare as sets.
    expect(new Set(choices.map((c) => `${c.value}=${c.label}`))).toEqual(
      new Set(ourOptions(q).map((o) => `${o.value}=${o.label}`)),
    );
    if (q.type !== 'content' && q.required === true) expect(element!.isRequired).toBe(true);
    if (q.type !== 'content' && q.condition) expect(typeof element!.visibleIf).toBe('string');
  });

  it('follows each keystroke (textUpdateMode onTyping) and shows a conditional question by its condition', () => {
    expect(survey.textUpdateMode).toBe('onTyping');
    expect(surveyQuestions.get('phone_international')!.visibleIf).toBe("{intl_reside} = 'Y'");
    expect(surveyQuestions.get('zip')!.requiredIf).toBe("{country} = 'USA'");
  });
});

describe('About You in Form.io JSON', () => {
  it('has one panel per section, titled as ours', () => {
    expect(formioPanels.map((p) => p.title)).toEqual(ABOUT_PAGE.sections.map((s) => s.title));
  });

  it.each(questions.map((q) => [q.key, q] as const))('%s: label, type and options', (key, q) => {
    const component = formioComponents.get(key);
    expect(component).toBeDefined();
    expect(component!.label).toBe(q.label);
    const emailRule = q.type !== 'content' && (q.rules ?? []).some((r) => r.kind === 'email');
    expect(component!.type).toBe(emailRule ? 'email' : FORMIO_TYPES[q.type]);
    const values = (
      component!.type === 'select'
        ? ((component!.data as Node).values as Node[])
        : ((component!.values as Node[]) ?? [])
    ).map((v) => ({ value: v.value, label: v.label }));
    expect(values).toEqual(ourOptions(q));
    if (q.type !== 'content' && q.required === true) expect((component!.validate as Node).required).toBe(true);
    if (q.type !== 'content' && q.condition) expect((component!.conditional as Node).json).toBeDefined();
  });

  it('writes conditions as JSON logic', () => {
    expect(formioComponents.get('phone_international')!.conditional).toEqual({
      json: { '==': [{ var: 'data.intl_reside' }, 'Y'] },
    });
  });
});

describe('our answers as the peers’ data', () => {
  const answers = {
    first_name: 'Ada',
    intl_reside: 'Y',
    marital_status_single: false,
    marital_status_married: true,
    marital_status_widowed: true,
    race_white: true,
    unknown_key: 'kept',
  };

  it('gives SurveyJS every answer under its key and each checkbox group the list of its ticked options', () => {
    expect(toSurveyJsData(answers)).toEqual({
      ...answers,
      marital_status: ['marital_status_married', 'marital_status_widowed'],
      race: ['race_white'],
    });
  });

  it('leaves out a SurveyJS checkbox group with nothing ticked', () => {
    expect(toSurveyJsData({ first_name: 'Ada', race_asian: false })).toEqual({ first_name: 'Ada', race_asian: false });
  });

  it('gives Form.io every answer and each checkbox group its selectboxes map of ticks', () => {
    const data = toFormioData(answers);
    expect(data.first_name).toBe('Ada');
    expect(data.intl_reside).toBe('Y');
    expect(data.marital_status).toEqual({
      marital_status_single: false,
      marital_status_married: true,
      marital_status_divorced: false,
      marital_status_separated: false,
      marital_status_widowed: true,
    });
    expect(data.race).toEqual({
      race_american_indian: false,
      race_asian: false,
      race_black: false,
      race_native_hawaiian: false,
      race_white: true,
    });
  });
});
