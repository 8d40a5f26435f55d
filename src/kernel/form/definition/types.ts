/**
 * The application form, declared as data (ARCHITECTURE: "The form is data"). These types describe pages,
 * sections and questions; the definitions in this folder use them, and the renderer, the yup schema, the
 * missing-information summary, the service print view and the server read them. No React, no yup here.
 */
import type { LookupCategory } from '../../constants';

/** One answer (SPEC §3): text and choices are strings (empty answer = ''), checkboxes are booleans. */
export type AnswerValue = string | boolean;
/** The answers map (SPEC §3 "Student answers"); a key that was never answered is absent. */
export type Answers = Readonly<Record<string, AnswerValue | undefined>>;

export type PageId = 'about' | 'education' | 'final-steps';

/* ------------------------------------------------------------------------------------------------------------------ */
/* Conditions (SPEC §4 "Conditionals")                                                                                 */
/* ------------------------------------------------------------------------------------------------------------------ */

export const OPERATORS = [
  'notEquals',
  'equals',
  'lt',
  'lte',
  'gt',
  'gte',
  'notAnswered',
  'answered',
  'in',
  'notIn',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type ConditionScalar = string | number | boolean;
/** SPEC §3 "Conditional: valueKey, operator, target". `in`/`notIn` take a list; the answered operators none. */
export interface Condition {
  valueKey: string;
  operator: Operator;
  target?: ConditionScalar | readonly ConditionScalar[];
}
/** A single condition, or several combined: a plain list means all of them. */
export type ConditionExpr =
  | Condition
  | readonly ConditionExpr[]
  | { readonly all: readonly ConditionExpr[] }
  | { readonly any: readonly ConditionExpr[] };

/**
 * Condition groups (SPEC §4): the first branch whose condition holds is active; its questions show and keep
 * their answers, the questions of every other branch hide and have their answers cleared.
 */
export interface ConditionGroup {
  id: string;
  branches: readonly { id: string; condition: ConditionExpr }[];
}
/** A question's membership of a condition group: it shows while one of these branches is the active one. */
export interface GroupMembership {
  group: string;
  branches: readonly string[];
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Options (SPEC §3 "Option lists are value/label pairs")                                                              */
/* ------------------------------------------------------------------------------------------------------------------ */

export interface Option {
  value: string;
  label: string;
}

/**
 * Options that depend on the clock or on a package's data are named, not listed; `options/` resolves them
 * (resolveOptions). Year lists are relative to the current year so a definition never goes stale.
 */
export type OptionSource =
  | { source: 'months' }
  | { source: 'years'; numYears: number; direction: 'past' | 'future'; startYearOffset?: number }
  | { source: 'countries' }
  | { source: 'countriesWithoutUsa' }
  | { source: 'states'; country?: 'US' | 'CA' }
  | { source: 'entryTerms'; count: number };

export type OptionsSpec = readonly Option[] | OptionSource;

/**
 * A conditional dropdown of the displayAndOptions category (SPEC §4): its options come from the answer at
 * valueKey; it shows only when options exist for that answer, and a change of that answer clears it.
 */
export interface DependentOptions {
  valueKey: string;
  byValue: Readonly<Record<string, OptionsSpec>>;
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Validation rules as data (SPEC §5 "Application"). Every rule may carry `when`: it applies only then.                */
/* Format rules skip empty answers; only `required` looks at an empty answer. {year}/{max} are filled in.              */
/* ------------------------------------------------------------------------------------------------------------------ */

interface RuleBase {
  when?: ConditionExpr;
}
export type Rule = RuleBase &
  (
    | { kind: 'required'; message: string }
    | { kind: 'minLength'; min: number; message: string }
    | { kind: 'phone'; message: string }
    | { kind: 'email'; message: string }
    | { kind: 'ssn'; message: string }
    | { kind: 'number'; min: number; max: number; step: number; message: string }
    /** The date's year is not before (current year − yearsBack); message has {year}. */
    | { kind: 'yearNotBefore'; yearsBack: number; message: string }
    /** The applicant is at least `years` old today (the birthday itself counts). */
    | { kind: 'minimumAge'; years: number; message: string }
    /** Between 1 January of (year − yearsBefore) and 31 December of (year + yearsAfter); messages have {year}. */
    | { kind: 'yearWindow'; yearsBefore: number; yearsAfter: number; minMessage: string; maxMessage: string }
  );

/* ------------------------------------------------------------------------------------------------------------------ */
/* Questions: a discriminated union by `type`                                                                          */
/* ------------------------------------------------------------------------------------------------------------------ */

interface QuestionBase {
  /** The answer key (or, for composite questions, the anchor id: /{page}#{key}). */
  key: string;
  label: string;
  hint?: string;
  /** Required always (true) or while a condition holds; the message is the label unless requiredMessage. */
  required?: boolean | ConditionExpr;
  requiredMessage?: string;
  /** Shown only while this holds; a hidden question is never validated and its answers are cleared. */
  condition?: ConditionExpr;
  conditionGroup?: GroupMembership;
  rules?: readonly Rule[];
}

/** The four input types of SPEC §3. */
export type InputType = 'text' | 'textarea' | 'date' | 'password';

export interface InputQuestion extends QuestionBase {
  type: InputType;
  /** Characters allowed (text 45, textarea 1500 or the partner's limit); dates are ISO YYYY-MM-DD. */
  maxLength?: number;
}

/** A Y/N-style radio group; `reveals` shows content for the selected answer. Stores {key}_desc. */
export interface RadioQuestion extends QuestionBase {
  type: 'radio';
  options: OptionsSpec;
  reveals?: Readonly<Record<string, string>>;
}

/** A dropdown; with optionsFrom it is a conditional (displayAndOptions) dropdown. Stores {key}_desc. */
export interface DropdownQuestion extends QuestionBase {
  type: 'dropdown';
  options?: OptionsSpec;
  optionsFrom?: DependentOptions;
}

/** One checkbox; the answer is a boolean (required means it must be ticked). */
export interface CheckboxQuestion extends QuestionBase {
  type: 'checkbox';
}

/** Several checkboxes, each its own boolean answer key. `key` is the group's anchor. */
export interface CheckboxGroupQuestion extends QuestionBase {
  type: 'checkboxGroup';
  options: readonly { key: string; label: string }[];
}

/** A month dropdown and a year dropdown; their errors are shown together. `key` is the pair's anchor. */
export interface MonthYearQuestion extends QuestionBase {
  type: 'monthYear';
  monthKey: string;
  yearKey: string;
  years: Extract<OptionSource, { source: 'years' }>;
}

/**
 * A US phone number typed as (xxx) xxx-xxxx (the input auto-formats), or an international one typed with a leading
 * '+', kept as typed, with its E.164 form in the {key}_e164 companion (kernel/form/phones.ts).
 */
export interface PhoneQuestion extends QuestionBase {
  type: 'phone';
}

/** A US Social Security number, 3-2-4 digits with hyphens. */
export interface SsnQuestion extends QuestionBase {
  type: 'ssn';
}

/**
 * A search box with suggestions (GET /lookup/find by text, then by id). The chosen record's detail fields are
 * copied to form keys by `fills`; the input shows answers[fills[labelKey]]. When the detail call fails, the
 * typed or selected label is put into fills[labelKey] and kept (SPEC §8).
 */
export interface LookupQuestion extends QuestionBase {
  type: 'lookup';
  category: LookupCategory;
  fills: Readonly<Record<string, string>>;
  labelKey: 'address_line_1' | 'name';
}

/** A confirmation button or checkbox (boolean answer) that reveals content once confirmed. */
export interface ConfirmationQuestion extends QuestionBase {
  type: 'confirmation';
  variant: 'checkbox' | 'button';
  reveals: string;
}

/** An uploaded document; the answer is 'ANSWERED' once converted (SPEC §4). */
export interface DocumentQuestion extends QuestionBase {
  type: 'document';
}

/** Static text; no answer. */
export interface ContentQuestion {
  type: 'content';
  key: string;
  label?: string;
  text: string;
  condition?: ConditionExpr;
  conditionGroup?: GroupMembership;
}

export type LeafQuestion =
  | InputQuestion
  | RadioQuestion
  | DropdownQuestion
  | CheckboxQuestion
  | CheckboxGroupQuestion
  | MonthYearQuestion
  | PhoneQuestion
  | SsnQuestion
  | LookupQuestion
  | ConfirmationQuestion
  | DocumentQuestion
  | ContentQuestion;

/**
 * Add another (SPEC §4): entries 1..count are shown, count stored per buttonId (default 1). The template's
 * keys are unprefixed; entry n's answer keys are keyPrefixes[n-1] + key (activity_name, activity_2_name…).
 */
export interface AddAnotherQuestion {
  type: 'addAnother';
  /** Anchor; equals buttonId. */
  key: string;
  label: string;
  hint?: string;
  buttonId: string;
  addLabel: string;
  entryLabel: string;
  maxNumberOfComponents: number;
  keyPrefixes: readonly string[];
  questions: readonly LeafQuestion[];
  condition?: ConditionExpr;
}

export interface Tab {
  id: string;
  label: string;
  questions: readonly LeafQuestion[];
  /** Answer keys cleared when the applicant switches away from this tab. */
  clears: readonly string[];
}

/** Tabs (SPEC §4): the chosen tab is stored per tabId; visitors see the default tab only. */
export interface TabsQuestion {
  type: 'tabs';
  /** Anchor; equals tabId. */
  key: string;
  label: string;
  hint?: string;
  tabId: string;
  defaultTab: string;
  tabs: readonly Tab[];
  condition?: ConditionExpr;
}

export type Question = LeafQuestion | AddAnotherQuestion | TabsQuestion;
export type QuestionType = Question['type'];

export const QUESTION_TYPES = [
  'text',
  'textarea',
  'date',
  'password',
  'radio',
  'dropdown',
  'checkbox',
  'checkboxGroup',
  'monthYear',
  'phone',
  'ssn',
  'lookup',
  'confirmation',
  'addAnother',
  'tabs',
  'document',
  'content',
] as const satisfies readonly QuestionType[];

/* ------------------------------------------------------------------------------------------------------------------ */
/* Sections and pages                                                                                                  */
/* ------------------------------------------------------------------------------------------------------------------ */

export interface Section {
  /** Anchor id (unique on its page). */
  id: string;
  title: string;
  description?: string;
  questions: readonly Question[];
  /** A hidden section hides its questions and clears their answers plus `clears` (SPEC §4). */
  condition?: ConditionExpr;
  clears?: readonly string[];
  conditionGroups?: readonly ConditionGroup[];
}

export interface Page {
  id: PageId;
  path: '/about' | '/education' | '/final-steps';
  title: 'About You' | 'Your Academics' | 'Final Steps';
  sections: readonly Section[];
}
