/**
 * Our form definition (src/kernel/form/definition) → the JSON of two peer form libraries, SurveyJS and Form.io, so
 * that the bench's peer pages (bench/peers/pages/) ask the same questions as our About You page: the same sections,
 * keys, types, labels, hints, options, required rules and conditions, as far as each library can express them.
 *
 * Pure data in, plain JSON out: no peer library is imported here (the root type check and the jest test run
 * without bench/peers/node_modules).
 *
 * What does not translate (said in bench/README.md): the address look-up (a plain text field in both peers: it
 * calls our server), the date rules (minimum age, year windows) and format rules that apply only under a condition
 * (the ZIP's minimum length for the U.S.). In Form.io a state list is not filtered by its country (its select has
 * no data-only way to do it): it offers the U.S. states and Canada's provinces together, shown for either country.
 */
import { FORM_PAGES_DEFINITION, pageById } from '../../src/kernel/form/definition';
import type {
  Answers,
  Condition,
  ConditionExpr,
  ConditionGroup,
  ConditionScalar,
  LeafQuestion,
  Option,
  Page,
  PageId,
  Question,
  Rule,
  Section,
} from '../../src/kernel/form/definition/types';
import { resolveOptions } from '../../src/kernel/form/options';

/** The page the peers render. */
export const PEER_PAGE_ID: PageId = 'about';

/** The pattern our form checks phone numbers against (src/features/form/schema.ts PHONE_PATTERN). */
const PHONE_REGEX = '^\\([2-9]\\d{2}\\) [2-9]\\d{2}-\\d{4}$';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };
type JsonObject = { [key: string]: Json | undefined };

/** A question of ours on the page, with what decides whether it shows (its section's groups). */
interface Placed {
  question: LeafQuestion;
  section: Section;
}

/** One of our pages, by id (a translation of a page that does not exist is a mistake in the bench). */
function pageOf(pageId: PageId, pages: readonly Page[]): Page {
  const page = pageById(pageId, pages);
  if (!page) throw new Error(`translate: no page ${pageId}`);
  return page;
}

function leafQuestions(section: Section): LeafQuestion[] {
  return section.questions.map((q: Question) => {
    if (q.type === 'addAnother' || q.type === 'tabs') {
      throw new Error(`translate: ${q.type} (${q.key}) is not translated (About You has none)`);
    }
    return q;
  });
}

/** Options of a question (dependent dropdowns: every controlling value's list, each tagged with its value). */
function optionsOf(question: LeafQuestion): { options: readonly Option[]; byControl?: Record<string, Option[]> } {
  if (question.type === 'radio') return { options: resolveOptions(question.options) };
  if (question.type === 'checkboxGroup') {
    return { options: question.options.map((o) => ({ value: o.key, label: o.label })) };
  }
  if (question.type === 'dropdown') {
    if (question.optionsFrom) {
      const byControl = Object.fromEntries(
        Object.entries(question.optionsFrom.byValue).map(([value, spec]) => [value, [...resolveOptions(spec)]]),
      );
      // One list (a value once): SurveyJS filters it per choice, Form.io cannot.
      const seen = new Set<string>();
      const options = Object.values(byControl)
        .flat()
        .filter((o) => !seen.has(o.value) && seen.add(o.value));
      return { options, byControl };
    }
    return { options: resolveOptions(question.options ?? []) };
  }
  return { options: [] };
}

const isList = (expr: ConditionExpr): expr is readonly ConditionExpr[] => Array.isArray(expr);

/** The condition of a question's place: its own, and its condition group's branches (first true branch wins). */
function placeConditions(placed: Placed): ConditionExpr[] {
  const { question, section } = placed;
  const out: ConditionExpr[] = [];
  if (section.condition !== undefined) out.push(section.condition);
  if (question.condition !== undefined) out.push(question.condition);
  return out;
}

function groupOf(placed: Placed): { group: ConditionGroup; branches: readonly string[] } | undefined {
  const membership = placed.question.conditionGroup;
  if (!membership) return undefined;
  const group = placed.section.conditionGroups?.find((g) => g.id === membership.group);
  if (!group) throw new Error(`translate: ${placed.question.key}: no condition group ${membership.group}`);
  return { group, branches: membership.branches };
}

/** The required conditions: `required` itself and required rules (`true` = always). */
function requiredWhen(question: LeafQuestion): { always: boolean; when: ConditionExpr[] } {
  if (question.type === 'content') return { always: false, when: [] };
  const when: ConditionExpr[] = [];
  let always = question.required === true;
  if (question.required !== undefined && typeof question.required !== 'boolean') when.push(question.required);
  for (const rule of question.rules ?? []) {
    if (rule.kind !== 'required') continue;
    if (rule.when === undefined) always = true;
    else when.push(rule.when);
  }
  return { always, when };
}

const formatRules = (question: LeafQuestion): Rule[] =>
  question.type === 'content' ? [] : (question.rules ?? []).filter((r) => r.kind !== 'required' && !r.when);

const hint = (question: LeafQuestion) => ('hint' in question ? question.hint : undefined);

/* ------------------------------------------------------------------------------------------------------------ */
/* SurveyJS: a survey JSON (survey-core's model; survey-react-ui renders it)                                     */
/* ------------------------------------------------------------------------------------------------------------ */

const surveyValue = (value: ConditionScalar): string =>
  typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);

/** A SurveyJS expression (its own expression language: `{key} = 'Y' and {other} notempty`). */
export function surveyExpression(expr: ConditionExpr): string {
  if (isList(expr)) return expr.length === 1 ? surveyExpression(expr[0]) : expr.map(surveyParens).join(' and ');
  if ('all' in expr) return expr.all.map(surveyParens).join(' and ');
  if ('any' in expr) return expr.any.map(surveyParens).join(' or ');
  const c = expr as Condition;
  const key = `{${c.valueKey}}`;
  const one = () => surveyValue((Array.isArray(c.target) ? c.target[0] : c.target) as ConditionScalar);
  const list = () =>
    `[${((Array.isArray(c.target) ? c.target : [c.target]) as ConditionScalar[]).map(surveyValue).join(', ')}]`;
  switch (c.operator) {
    case 'equals':
      return `${key} = ${one()}`;
    case 'notEquals':
      return `${key} <> ${one()}`;
    case 'lt':
      return `${key} < ${one()}`;
    case 'lte':
      return `${key} <= ${one()}`;
    case 'gt':
      return `${key} > ${one()}`;
    case 'gte':
      return `${key} >= ${one()}`;
    case 'answered':
      return `${key} notempty`;
    case 'notAnswered':
      return `${key} empty`;
    case 'in':
      return `${key} anyof ${list()}`;
    case 'notIn':
      return `${key} noneof ${list()}`;
  }
}
const surveyParens = (expr: ConditionExpr) => {
  const text = surveyExpression(expr);
  return /\s(and|or)\s/.test(text) ? `(${text})` : text;
};

/** The expression for "one of these branches of the group is the active one". */
function surveyGroupExpression(group: ConditionGroup, branches: readonly string[]): string {
  const active = group.branches.map((branch, i) => {
    const earlier = group.branches.slice(0, i).map((b) => `not (${surveyExpression(b.condition)})`);
    return [surveyParens(branch.condition), ...earlier].join(' and ');
  });
  return group.branches
    .map((b, i) => (branches.includes(b.id) ? `(${active[i]})` : null))
    .filter(Boolean)
    .join(' or ');
}

function surveyVisibleIf(placed: Placed): string | undefined {
  const parts = placeConditions(placed).map(surveyParens);
  const group = groupOf(placed);
  if (group) parts.push(`(${surveyGroupExpression(group.group, group.branches)})`);
  const q = placed.question;
  if (q.type === 'dropdown' && q.optionsFrom) {
    const values = Object.keys(q.optionsFrom.byValue).map(surveyValue);
    parts.push(`{${q.optionsFrom.valueKey}} anyof [${values.join(', ')}]`);
  }
  return parts.length ? parts.join(' and ') : undefined;
}

function surveyValidators(question: LeafQuestion): JsonObject[] {
  return formatRules(question).flatMap((rule): JsonObject[] => {
    switch (rule.kind) {
      case 'phone':
        return [{ type: 'regex', regex: PHONE_REGEX, text: rule.message }];
      case 'email':
        return [{ type: 'email', text: rule.message }];
      case 'minLength':
        return [{ type: 'text', minLength: rule.min, text: rule.message }];
      default:
        return []; // date rules: not translated
    }
  });
}

/** SurveyJS question type per type of ours. */
export const SURVEY_TYPES: Record<string, string> = {
  text: 'text',
  textarea: 'comment',
  date: 'text',
  phone: 'text',
  ssn: 'text',
  lookup: 'text',
  radio: 'radiogroup',
  dropdown: 'dropdown',
  checkbox: 'boolean',
  checkboxGroup: 'checkbox',
  content: 'html',
};

function surveyQuestion(placed: Placed): JsonObject {
  const q = placed.question;
  const type = SURVEY_TYPES[q.type];
  if (!type) throw new Error(`translate: SurveyJS: type ${q.type} (${q.key}) is not translated`);
  if (q.type === 'content') {
    return { type, name: q.key, html: q.text, visibleIf: surveyVisibleIf(placed) };
  }
  const required = requiredWhen(q);
  const rules = formatRules(q);
  const { options, byControl } = optionsOf(q);
  const choices = byControl
    ? Object.entries(byControl).flatMap(([control, list]) =>
        list.map((o) => ({
          value: o.value,
          text: o.label,
          visibleIf: `{${(q as { optionsFrom: { valueKey: string } }).optionsFrom.valueKey}} = ${surveyValue(control)}`,
        })),
      )
    : options.map((o) => ({ value: o.value, text: o.label }));
  const inputType =
    q.type === 'date'
      ? 'date'
      : q.type === 'phone'
        ? 'tel'
        : rules.some((r) => r.kind === 'email')
          ? 'email'
          : undefined;
  const validators = surveyValidators(q);
  return {
    type,
    name: q.key,
    title: q.label,
    description: hint(q),
    inputType,
    maxLength: 'maxLength' in q ? q.maxLength : undefined,
    choices: choices.length ? choices : undefined,
    // A single checkbox (a boolean answer), as ours.
    renderAs: q.type === 'checkbox' ? 'checkbox' : undefined,
    isRequired: required.always || undefined,
    requiredIf: !required.always && required.when.length ? required.when.map(surveyParens).join(' or ') : undefined,
    requiredErrorText: required.always || required.when.length ? (q.requiredMessage ?? q.label) : undefined,
    visibleIf: surveyVisibleIf(placed),
    validators: validators.length ? validators : undefined,
  };
}

export interface SurveyJson extends JsonObject {
  title: string;
  pages: JsonObject[];
}

/**
 * The survey of one of our pages: one SurveyJS page, one panel per section. `textUpdateMode: 'onTyping'` and
 * `checkErrorsMode: 'onValueChanged'`: the value (and its validation) follows each keystroke, as in our form;
 * SurveyJS's default ('onBlur') updates the value only when the field loses focus.
 */
export function toSurveyJs(pageId: PageId = PEER_PAGE_ID, pages: readonly Page[] = FORM_PAGES_DEFINITION): SurveyJson {
  const page = pageOf(pageId, pages);
  return compact({
    title: page.title,
    textUpdateMode: 'onTyping',
    checkErrorsMode: 'onValueChanged',
    showQuestionNumbers: 'off',
    pages: [
      {
        name: page.id,
        elements: page.sections.map((section) => ({
          type: 'panel',
          name: section.id,
          title: section.title,
          description: section.description,
          visibleIf: section.condition === undefined ? undefined : surveyExpression(section.condition),
          elements: leafQuestions(section).map((question) => surveyQuestion({ question, section })),
        })),
      },
    ],
  });
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Form.io: a form JSON (components); conditions and conditional requirements as JSON logic                      */
/* ------------------------------------------------------------------------------------------------------------ */

const dataVar = (key: string): JsonObject => ({ var: `data.${key}` });

/** A JSON-logic rule (Form.io's `conditional.json` and logic triggers evaluate these). */
export function formioLogic(expr: ConditionExpr): JsonObject {
  if (isList(expr)) return expr.length === 1 ? formioLogic(expr[0]) : { and: expr.map(formioLogic) };
  if ('all' in expr) return { and: expr.all.map(formioLogic) };
  if ('any' in expr) return { or: expr.any.map(formioLogic) };
  const c = expr as Condition;
  const v = dataVar(c.valueKey);
  const one = (Array.isArray(c.target) ? c.target[0] : c.target) as ConditionScalar;
  const list = () => [...((Array.isArray(c.target) ? c.target : [c.target]) as ConditionScalar[])];
  switch (c.operator) {
    case 'equals':
      return { '==': [v, one] };
    case 'notEquals':
      return { '!=': [v, one] };
    case 'lt':
      return { '<': [v, one] };
    case 'lte':
      return { '<=': [v, one] };
    case 'gt':
      return { '>': [v, one] };
    case 'gte':
      return { '>=': [v, one] };
    case 'answered':
      return { '!!': [v] };
    case 'notAnswered':
      return { '!': [v] };
    case 'in':
      return { in: [v, list()] };
    case 'notIn':
      return { '!': [{ in: [v, list()] }] };
  }
}

function formioGroupLogic(group: ConditionGroup, branches: readonly string[]): JsonObject {
  const active = group.branches.map((branch, i) => ({
    and: [
      formioLogic(branch.condition),
      ...group.branches.slice(0, i).map((b) => ({ '!': [formioLogic(b.condition)] })),
    ],
  }));
  return { or: group.branches.flatMap((b, i) => (branches.includes(b.id) ? [active[i]] : [])) };
}

function formioShowWhen(placed: Placed): JsonObject | undefined {
  const parts = placeConditions(placed).map(formioLogic);
  const group = groupOf(placed);
  if (group) parts.push(formioGroupLogic(group.group, group.branches));
  const q = placed.question;
  if (q.type === 'dropdown' && q.optionsFrom) {
    parts.push({ in: [dataVar(q.optionsFrom.valueKey), Object.keys(q.optionsFrom.byValue)] });
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { and: parts };
}

/** Form.io component type per type of ours (a text with an email rule is Form.io's email field). */
export const FORMIO_TYPES: Record<string, string> = {
  text: 'textfield',
  textarea: 'textarea',
  date: 'datetime',
  phone: 'phoneNumber',
  ssn: 'textfield',
  lookup: 'textfield',
  radio: 'radio',
  dropdown: 'select',
  checkbox: 'checkbox',
  checkboxGroup: 'selectboxes',
  content: 'htmlelement',
};

function formioComponent(placed: Placed): JsonObject {
  const q = placed.question;
  let type = FORMIO_TYPES[q.type];
  if (!type) throw new Error(`translate: Form.io: type ${q.type} (${q.key}) is not translated`);
  const show = formioShowWhen(placed);
  const conditional = show ? { json: show } : undefined;
  if (q.type === 'content') return { type, key: q.key, tag: 'p', content: q.text, input: false, conditional };
  const rules = formatRules(q);
  if (type === 'textfield' && rules.some((r) => r.kind === 'email')) type = 'email';
  const required = requiredWhen(q);
  const { options } = optionsOf(q);
  const values = options.map((o) => ({ label: o.label, value: o.value }));
  const minLength = rules.find((r) => r.kind === 'minLength');
  const phone = rules.find((r) => r.kind === 'phone');
  const email = rules.find((r) => r.kind === 'email');
  const requiredMessage = q.requiredMessage ?? q.label;
  return {
    type,
    key: q.key,
    label: q.label,
    description: hint(q),
    input: true,
    ...(type === 'select' ? { dataSrc: 'values', data: { values } } : {}),
    ...(type === 'radio' || type === 'selectboxes' ? { values } : {}),
    ...(type === 'datetime' ? { enableTime: false, format: 'yyyy-MM-dd', datePicker: {} } : {}),
    ...(type === 'phoneNumber' ? { inputMask: '(999) 999-9999' } : {}),
    validate: {
      required: required.always || undefined,
      maxLength: 'maxLength' in q && type !== 'datetime' ? q.maxLength : undefined,
      minLength: minLength && minLength.kind === 'minLength' ? minLength.min : undefined,
      pattern: phone ? PHONE_REGEX.slice(1, -1) : undefined,
    },
    errors: {
      required: required.always || required.when.length ? requiredMessage : undefined,
      pattern: phone?.message,
      invalid_email: email?.message,
      minLength: minLength?.message,
    },
    conditional,
    // Required under a condition: Form.io's logic sets validate.required while the condition holds.
    logic: required.when.length
      ? [
          {
            name: `${q.key}-required`,
            trigger: {
              type: 'json',
              json: required.when.length === 1 ? formioLogic(required.when[0]) : { or: required.when.map(formioLogic) },
            },
            actions: [
              {
                name: 'required',
                type: 'property',
                property: { label: 'Required', value: 'validate.required', type: 'boolean' },
                state: true,
              },
            ],
          },
        ]
      : undefined,
  };
}

export interface FormioJson extends JsonObject {
  title: string;
  display: 'form';
  components: JsonObject[];
}

/** The form of one of our pages: one Form.io panel per section. */
export function toFormio(pageId: PageId = PEER_PAGE_ID, pages: readonly Page[] = FORM_PAGES_DEFINITION): FormioJson {
  const page = pageOf(pageId, pages);
  return compact({
    title: page.title,
    display: 'form',
    components: page.sections.map((section) => ({
      type: 'panel',
      key: `section-${section.id}`,
      title: section.title,
      input: false,
      ...(section.condition === undefined ? {} : { conditional: { json: formioLogic(section.condition) } }),
      components: [
        ...(section.description
          ? [{ type: 'htmlelement', key: `section-${section.id}-description`, tag: 'p', content: section.description }]
          : []),
        ...leafQuestions(section).map((question) => formioComponent({ question, section })),
      ],
    })),
  });
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Answers: our answer map as each peer's data, so a peer page can open with the same answers as ours            */
/* ------------------------------------------------------------------------------------------------------------ */

type CheckboxGroup = Extract<LeafQuestion, { type: 'checkboxGroup' }>;

/**
 * Our answers as a peer's data: every answer under its own key, as ours (the peers' conditions read option keys
 * too), and each checkbox group of the page (each option its own boolean answer in ours, one value in the peers)
 * as `groupValue` makes it of its ticked options (left out when undefined).
 */
function peerData(
  answers: Answers,
  groupValue: (group: CheckboxGroup, ticked: (key: string) => boolean) => Json | undefined,
  pageId: PageId,
  pages: readonly Page[],
): JsonObject {
  const data: JsonObject = { ...answers };
  for (const q of pageOf(pageId, pages).sections.flatMap(leafQuestions)) {
    if (q.type === 'checkboxGroup') data[q.key] = groupValue(q, (key) => answers[key] === true);
  }
  return compact(data);
}

/** Our answers as SurveyJS data (`model.data`): a checkbox group is the list of its ticked options' keys. */
export const toSurveyJsData = (answers: Answers, pageId = PEER_PAGE_ID, pages = FORM_PAGES_DEFINITION) =>
  peerData(
    answers,
    (group, ticked) => {
      const keys = group.options.map((o) => o.key).filter(ticked);
      return keys.length ? keys : undefined;
    },
    pageId,
    pages,
  );

/** Our answers as Form.io submission data: a checkbox group is its selectboxes' map of ticks. */
export const toFormioData = (answers: Answers, pageId = PEER_PAGE_ID, pages = FORM_PAGES_DEFINITION) =>
  peerData(
    answers,
    (group, ticked) => Object.fromEntries(group.options.map((o) => [o.key, ticked(o.key)])),
    pageId,
    pages,
  );

/** Drops undefined members (JSON.stringify does too; this keeps the objects tidy for tests and files). */
function compact<T extends Json | undefined>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => compact(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, compact(v)]),
    ) as T;
  }
  return value;
}
