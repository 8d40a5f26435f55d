/**
 * The export for the student-information system (docs/export.md): three CSV files keyed by application id, their
 * columns derived from the form definition and fixed by EXPORT_VERSION. A test holds docs/export.md to this list:
 * a change of the form that changes a column changes the doc, and the version with it.
 */
import { DESC_SUFFIX, questionEntries, type Answers, type QuestionEntry } from '../form/definition';
import { isEntryVisible } from '../form/conditions';
import { e164Key, isInternationalPhone } from '../form/phones';
import { ACTIVITY_FIELDS, ACTIVITY_PREFIXES, PARENT_FIELDS, PARENT_PREFIXES } from '../form/definition/dataModel';

export const EXPORT_VERSION = 3;
export const EXPORT_FILES = ['applications', 'parents', 'activities'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

const DESC = DESC_SUFFIX;
/** Question types whose answer is a code with a label beside it in {key}_desc (SPEC §3): both columns are kept. */
const WITH_DESC = new Set(['radio', 'dropdown']);

/** Every answer key in the form's order, each code followed by its _desc companion, each phone by its E.164 form. */
const KEYS = questionEntries().flatMap((entry) =>
  entry.answerKeys.flatMap((key) =>
    WITH_DESC.has(entry.question.type)
      ? [key, `${key}${DESC}`]
      : entry.question.type === 'phone'
        ? [key, e164Key(key)]
        : [key],
  ),
);

/** The per-entry fields of a family (parent_*, activity_2_*…), with their _desc companions, in the form's order. */
function entryFields(prefixes: readonly string[]): string[] {
  const first = prefixes[0];
  const others = prefixes.slice(1);
  return KEYS.filter((key) => key.startsWith(first) && !others.some((p) => key.startsWith(p))).map((key) =>
    key.slice(first.length),
  );
}

/** A family's own fields only (parent_communication_preference starts like a parent's field but is not one). */
const ownFields = (fields: string[], names: readonly string[]) =>
  fields.filter((field) => names.some((name) => [name, `${name}${DESC}`, e164Key(name)].includes(field)));

const PARENT_FIELD_KEYS = ownFields(entryFields(PARENT_PREFIXES), PARENT_FIELDS);
const ACTIVITY_FIELD_KEYS = ownFields(entryFields(ACTIVITY_PREFIXES), ACTIVITY_FIELDS);

const entryKeys = new Set([
  ...PARENT_PREFIXES.flatMap((p) => PARENT_FIELD_KEYS.map((f) => `${p}${f}`)),
  ...ACTIVITY_PREFIXES.flatMap((p) => ACTIVITY_FIELD_KEYS.map((f) => `${p}${f}`)),
]);

/** Columns every file starts with, or the application's own. */
const APPLICATION_META = ['application_id', 'email', 'status', 'account_created_at', 'submitted_at', 'last_saved_at'];

/**
 * The counselor's school report, after the answers (version 3): the waiver as last recorded (Y, N or revoked: the
 * record, not the answer, which counselor_waiver_request keeps), the current request's state
 * (SCHOOL_REPORT_STATES, not_requested without one) and when the report was received (by the counselor or, marked
 * by staff, by other means).
 */
export const SCHOOL_REPORT_COLUMNS = ['school_report_waiver', 'school_report_state', 'school_report_received_at'];

export const EXPORT_COLUMNS: Record<ExportFile, { columns: string[]; answerKeys: string[] }> = {
  applications: {
    columns: [...APPLICATION_META, ...KEYS.filter((key) => !entryKeys.has(key)), ...SCHOOL_REPORT_COLUMNS],
    answerKeys: KEYS.filter((key) => !entryKeys.has(key)),
  },
  parents: { columns: ['application_id', 'parent_number', ...PARENT_FIELD_KEYS], answerKeys: PARENT_FIELD_KEYS },
  activities: {
    columns: ['application_id', 'activity_number', ...ACTIVITY_FIELD_KEYS],
    answerKeys: ACTIVITY_FIELD_KEYS,
  },
};

/** The entry prefixes of a per-entry file, numbered 1, 2, … */
export const ENTRY_PREFIXES: Record<Exclude<ExportFile, 'applications'>, readonly string[]> = {
  parents: PARENT_PREFIXES,
  activities: ACTIVITY_PREFIXES,
};

/** Question types whose answers are booleans (a checkbox, each box of a group, a confirmation). */
const BOOLEAN_TYPES = new Set(['checkbox', 'checkboxGroup', 'confirmation']);

/** Every checkbox's answer key → its question in place (entries of a family under their prefixed keys). */
const CHECKBOXES: ReadonlyMap<string, QuestionEntry> = new Map(
  questionEntries()
    .filter((entry) => BOOLEAN_TYPES.has(entry.question.type))
    .flatMap((entry) => entry.answerKeys.map((key) => [key, entry] as const)),
);

/**
 * A checkbox's cell (docs/export.md, "Values"): `true` when ticked; `false` when it shows for these answers and is
 * not ticked (the applicant left it, which a student-information system must read as no); empty when its question
 * does not show for these answers (its condition hides it) or the application has no answers yet. undefined for a
 * key that is not a checkbox.
 */
function checkboxCell(key: string, answers: Answers): 'true' | 'false' | '' | undefined {
  const entry = CHECKBOXES.get(key);
  if (!entry) return undefined;
  if (answers[key] === true) return 'true';
  return Object.keys(answers).length > 0 && isEntryVisible(entry, answers) ? 'false' : '';
}

/** Every phone's E.164 column → the phone's answer key (phone_home_e164 → phone_home; parent_2_phone_e164 too). */
const PHONES: ReadonlyMap<string, string> = new Map(
  questionEntries()
    .filter((entry) => entry.question.type === 'phone')
    .map((entry) => [e164Key(entry.question.key), entry.question.key] as const),
);

/** The ten digits of a U.S. number as the form stores it ('(212) 555-0100'), else null. */
const US_DIGITS = /^\(?(\d{3})\)?[\s.-]*(\d{3})[\s.-]*(\d{4})$/;

/**
 * A phone's E.164 column (docs/export.md): a number from abroad as the form stored it beside the number typed
 * ('+525512345678'), a U.S. one as +1 and its ten digits (the form keeps no companion for those), so a
 * student-information system always gets a number it can dial; empty when the phone is not answered. undefined
 * for a key that is not a phone's E.164 column.
 */
function phoneE164Cell(key: string, answers: Answers): string | undefined {
  const phone = PHONES.get(key);
  if (!phone) return undefined;
  const typed = answers[phone];
  if (typeof typed !== 'string' || typed.trim() === '') return '';
  if (isInternationalPhone(typed)) return typeof answers[key] === 'string' ? (answers[key] as string) : '';
  const us = US_DIGITS.exec(typed.trim());
  return us ? `+1${us[1]}${us[2]}${us[3]}` : '';
}

/** A column's cell before CSV quoting: a checkbox's or a phone's E.164 form by their rules, else the answer. */
export const exportCell = (key: string, answers: Answers) =>
  checkboxCell(key, answers) ?? phoneE164Cell(key, answers) ?? answers[key];
