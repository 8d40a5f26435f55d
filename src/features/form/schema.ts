/**
 * The application's validation (SPEC §5 "Application"), built from the form definition: one yup schema per
 * answer key, made once and kept. Hidden questions are never validated. All messages of a field are collected
 * (abortEarly: false) without duplicates.
 *
 * - validateAnswers(answers, { page?, now? }): every shown field (of a page or the whole form) → its messages.
 * - validateField(key, answers, { now? }): that field and the fields whose rules or visibility read it.
 * - pageSchema(id) / applicationSchema(): the same rules as yup object schemas (context: { answers, now }).
 */
import * as yup from 'yup';
import { isValidEmail } from '../../kernel/auth/rules';
import { isAnswered, isEntryVisible, evaluate } from '../../kernel/form/conditions';
import { baseKey, entryByKey, FORM_PAGES_DEFINITION, indexDefinition } from '../../kernel/form/definition';
import { checksOf } from '../../kernel/form/definition/checks';
import { FORM_MESSAGES, fillMessage } from '../../kernel/form/definition/messages';
import { isInternationalPhone } from '../../kernel/form/phones';
import type { Answers, AnswerValue, LeafQuestion, Page, PageId, Rule } from '../../kernel/form/definition/types';
import { conditionKeys, type QuestionEntry } from '../../kernel/form/definition/walk';
import { internationalE164 } from './phoneNumbers';

export interface ValidationContext {
  answers: Answers;
  now: Date;
}
export type ValidationErrors = Record<string, string[]>;

type Value = AnswerValue | undefined;

/* ------------------------------------------------------------------------------------------------------------------ */
/* The checks                                                                                                          */
/* ------------------------------------------------------------------------------------------------------------------ */

/** (xxx) xxx-xxxx, the area code and the exchange starting 2-9 (SPEC §5): a U.S. number, typed without '+'. */
export const PHONE_PATTERN = /^\([2-9]\d{2}\) [2-9]\d{2}-\d{4}$/;
/** 3-2-4 digits with hyphens (SPEC §3). */
export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;

interface Ymd {
  y: number;
  m: number;
  d: number;
}
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A calendar date from YYYY-MM-DD (the stored form) or MM/DD/YYYY; undefined when it is not a real date. */
export function parseDate(value: string): Ymd | undefined {
  const iso = ISO_DATE.exec(value);
  const us = iso ? undefined : US_DATE.exec(value);
  if (!iso && !us) return undefined;
  const [y, m, d] = iso ? [+iso[1], +iso[2], +iso[3]] : [+us![3], +us![1], +us![2]];
  if (m < 1 || m > 12 || d < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? { y, m, d } : undefined;
}
const ordinal = ({ y, m, d }: Ymd) => y * 10_000 + m * 100 + d;
const today = (now: Date): Ymd => ({ y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });

const asString = (value: Value) =>
  typeof value === 'string' ? value.trim() : value === undefined ? '' : String(value);

/** A rule's message when the (non-empty) value breaks it, else null. `required` is handled by the caller. */
function ruleMessage(rule: Rule, value: Value, ctx: ValidationContext): string | null {
  const text = asString(value);
  switch (rule.kind) {
    case 'required':
      return isAnswered(value) ? null : rule.message;
    case 'minLength':
      return text.length >= rule.min ? null : rule.message;
    case 'phone':
      // A number typed with '+' is international: libphonenumber's rules, the field's own message (SPEC §5).
      if (isInternationalPhone(text)) return internationalE164(text) ? null : rule.message;
      return PHONE_PATTERN.test(text) ? null : rule.message;
    case 'email':
      return isValidEmail(text) ? null : rule.message;
    case 'ssn':
      return SSN_PATTERN.test(text) ? null : rule.message;
    case 'number': {
      if (!/^\d+(\.\d+)?$/.test(text)) return rule.message;
      const n = Number(text);
      if (n < rule.min || n > rule.max) return rule.message;
      const steps = (n - rule.min) / rule.step;
      return Math.abs(steps - Math.round(steps)) < 1e-9 ? null : rule.message;
    }
    case 'yearNotBefore': {
      const date = parseDate(text);
      const minYear = today(ctx.now).y - rule.yearsBack;
      return !date || date.y >= minYear ? null : fillMessage(rule.message, { year: minYear });
    }
    case 'minimumAge': {
      const date = parseDate(text);
      if (!date) return null;
      const birthday = { ...date, y: date.y + rule.years };
      return ordinal(birthday) <= ordinal(today(ctx.now)) ? null : rule.message;
    }
    case 'yearWindow': {
      const date = parseDate(text);
      if (!date) return null;
      const year = today(ctx.now).y;
      if (date.y < year - rule.yearsBefore) return fillMessage(rule.minMessage, { year: year - rule.yearsBefore });
      if (date.y > year + rule.yearsAfter) return fillMessage(rule.maxMessage, { year: year + rule.yearsAfter });
      return null;
    }
  }
}

interface FieldCheck {
  key: string;
  question: LeafQuestion;
  schema: yup.MixedSchema<AnswerValue | undefined>;
  /** Whether an empty answer can fail (it has a required-kind check): otherwise empty answers are skipped. */
  checksEmpty: boolean;
}

const ctxOf = (options: { context?: unknown }) => options.context as ValidationContext;

function buildFieldCheck(key: string, question: LeafQuestion, formatOnly = false): FieldCheck | undefined {
  let schema = yup.mixed<AnswerValue>();
  let count = 0;
  const add = (name: string, check: (value: Value, ctx: ValidationContext) => string | null) => {
    count++;
    schema = schema.test({
      name: `${name}_${count}`,
      test(value) {
        const message = check(value, ctxOf(this.options));
        return message === null ? true : this.createError({ message });
      },
    });
  };
  const rules = checksOf(question).filter((rule) => !formatOnly || rule.kind !== 'required');
  for (const rule of rules) {
    add(rule.kind, (value, ctx) => {
      if (rule.when !== undefined && !evaluate(rule.when, ctx.answers)) return null;
      if (rule.kind !== 'required' && !isAnswered(value)) return null;
      return ruleMessage(rule, value, ctx);
    });
  }
  if (question.type === 'text' || question.type === 'textarea' || question.type === 'password') {
    const max = question.maxLength;
    if (max !== undefined) {
      const message = fillMessage(FORM_MESSAGES.maxLength, { max });
      add('maxLength', (value) => (typeof value === 'string' && value.length > max ? message : null));
    }
  }
  if (question.type === 'date') {
    add('date', (value) => (!isAnswered(value) || parseDate(asString(value)) ? null : FORM_MESSAGES.invalidDate));
  }
  if (question.type === 'ssn' && !rules.some((r) => r.kind === 'ssn')) {
    add('ssn', (value) => (!isAnswered(value) || SSN_PATTERN.test(asString(value)) ? null : FORM_MESSAGES.ssn));
  }
  if (count === 0) return undefined;
  return { key, question, schema, checksEmpty: rules.some((r) => r.kind === 'required') };
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Built once per definition                                                                                           */
/* ------------------------------------------------------------------------------------------------------------------ */

interface Compiled {
  /** In page order: each shown field's checks. */
  fields: { entry: QuestionEntry; check: FieldCheck }[];
  byKey: Map<string, { entry: QuestionEntry; check: FieldCheck }>;
  /** Answer key → the answer keys whose validation or visibility reads it (itself not included). */
  dependents: Map<string, string[]>;
  objectSchemas: Map<PageId | 'all', yup.ObjectSchema<Record<string, unknown>>>;
  /** Answer key → its format and range checks only (no required-kind check), made on first use. */
  formatChecks: Map<string, FieldCheck | null>;
}

const compiledCache = new WeakMap<readonly Page[], Compiled>();

function compile(pages: readonly Page[]): Compiled {
  const cached = compiledCache.get(pages);
  if (cached) return cached;
  const { entries } = indexDefinition(pages);
  const fields: Compiled['fields'] = [];
  const byKey: Compiled['byKey'] = new Map();
  const dependents = new Map<string, Set<string>>();
  for (const entry of entries) {
    const { question } = entry;
    for (const key of entry.answerKeys) {
      const check = buildFieldCheck(key, question);
      if (check && !byKey.has(key)) {
        fields.push({ entry, check });
        byKey.set(key, { entry, check });
      }
    }
    const reads = new Set<string>([
      ...entry.conditions.flatMap(conditionKeys),
      ...(entry.group?.group.branches.flatMap((b) => conditionKeys(b.condition)) ?? []),
    ]);
    if (question.type !== 'content') {
      if (typeof question.required === 'object') conditionKeys(question.required).forEach((k) => reads.add(k));
      for (const rule of question.rules ?? []) conditionKeys(rule.when).forEach((k) => reads.add(k));
      if (question.type === 'dropdown' && question.optionsFrom) reads.add(question.optionsFrom.valueKey);
    }
    for (const read of reads) {
      const set = dependents.get(read) ?? new Set<string>();
      entry.answerKeys.filter((k) => k !== read).forEach((k) => set.add(k));
      dependents.set(read, set);
    }
  }
  const compiled: Compiled = {
    fields,
    byKey,
    dependents: new Map([...dependents].map(([k, v]) => [k, [...v]])),
    objectSchemas: new Map(),
    formatChecks: new Map(),
  };
  compiledCache.set(pages, compiled);
  return compiled;
}

function validateOne(
  field: { entry: QuestionEntry; check: FieldCheck },
  ctx: ValidationContext,
  errors: ValidationErrors,
): void {
  const value = ctx.answers[field.check.key];
  if (!field.check.checksEmpty && !isAnswered(value)) return;
  try {
    field.check.schema.validateSync(value, { abortEarly: false, disableStackTrace: true, context: ctx });
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    errors[field.check.key] = [...new Set(error.errors)];
  }
}

export interface ValidateOptions {
  page?: PageId;
  now?: Date;
  pages?: readonly Page[];
}

/**
 * Every shown field's messages (fields without a problem are absent). Only fields that show for these answers
 * are checked (SPEC: hidden questions are never validated); `page` limits the check to one page.
 */
export function validateAnswers(answers: Answers, options: ValidateOptions = {}): ValidationErrors {
  const { fields } = compile(options.pages ?? FORM_PAGES_DEFINITION);
  const ctx: ValidationContext = { answers, now: options.now ?? new Date() };
  const errors: ValidationErrors = {};
  const visibility = new Map<QuestionEntry, boolean>();
  for (const field of fields) {
    if (options.page !== undefined && field.entry.page.id !== options.page) continue;
    let visible = visibility.get(field.entry);
    if (visible === undefined) {
      visible = isEntryVisible(field.entry, answers);
      visibility.set(field.entry, visible);
    }
    if (visible) validateOne(field, ctx, errors);
  }
  return errors;
}

/** The answer keys whose messages can change when `key` changes: itself (or its pair) and its dependents. */
export function affectedKeys(key: string, pages: readonly Page[] = FORM_PAGES_DEFINITION): string[] {
  const { dependents } = compile(pages);
  const entry = entryByKey(key, pages);
  // A {key}_desc companion changes with its key: validate the key.
  const answerKey = entry && !entry.answerKeys.includes(key) ? baseKey(key) : key;
  const own = entry && entry.question.type === 'monthYear' ? entry.answerKeys : [answerKey];
  return [...new Set([...own, ...own.flatMap((k) => dependents.get(k) ?? [])])];
}

/**
 * Incremental validation after one answer changed: the field and the fields that depend on it (changing
 * phone_home revalidates phone_mobile; changing country revalidates state and zip). Every affected key is in
 * the result, with [] when it has no problem (or is hidden), so the caller can replace those keys' messages.
 */
export function validateField(
  key: string,
  answers: Answers,
  options: { now?: Date; pages?: readonly Page[] } = {},
): ValidationErrors {
  const pages = options.pages ?? FORM_PAGES_DEFINITION;
  const { byKey } = compile(pages);
  const ctx: ValidationContext = { answers, now: options.now ?? new Date() };
  const errors: ValidationErrors = {};
  const result: ValidationErrors = {};
  for (const affected of affectedKeys(key, pages)) {
    result[affected] = [];
    const field = byKey.get(affected);
    if (field && isEntryVisible(field.entry, answers)) validateOne(field, ctx, errors);
    if (errors[affected]) result[affected] = errors[affected];
  }
  return result;
}

function formatCheckOf(compiled: Compiled, key: string): FieldCheck | null {
  let check = compiled.formatChecks.get(key);
  if (check === undefined) {
    const field = compiled.byKey.get(key);
    check = (field && buildFieldCheck(key, field.check.question, true)) ?? null;
    compiled.formatChecks.set(key, check);
  }
  return check;
}

/**
 * A field's format and range messages (a phone's pattern, an email, a score's range and step, a date, a ZIP's
 * length), whatever the status: what the field shows once the applicant leaves it. An empty or hidden field has
 * none; required-kind messages are never among them (they wait for validating, SPEC §4).
 */
export function validateFormat(
  key: string,
  answers: Answers,
  options: { now?: Date; pages?: readonly Page[] } = {},
): string[] {
  const compiled = compile(options.pages ?? FORM_PAGES_DEFINITION);
  const field = compiled.byKey.get(key);
  const check = formatCheckOf(compiled, key);
  if (!field || !check || !isEntryVisible(field.entry, answers)) return [];
  const errors: ValidationErrors = {};
  validateOne({ entry: field.entry, check }, { answers, now: options.now ?? new Date() }, errors);
  return errors[key] ?? [];
}

/** Every shown field's format and range messages (fields without one are absent): the check page's marks. */
export function validateFormats(
  answers: Answers,
  options: { now?: Date; pages?: readonly Page[] } = {},
): ValidationErrors {
  const compiled = compile(options.pages ?? FORM_PAGES_DEFINITION);
  const errors: ValidationErrors = {};
  for (const { check } of compiled.fields) {
    const messages = validateFormat(check.key, answers, options);
    if (messages.length > 0) errors[check.key] = messages;
  }
  return errors;
}

/**
 * A yup object schema of a page's fields (or the whole form's), for tools that want one schema. Validate with
 * { abortEarly: false, context: { answers, now } } where answers is the same map. Hidden fields pass.
 */
export function pageSchema(
  page: PageId | 'all',
  pages: readonly Page[] = FORM_PAGES_DEFINITION,
): yup.ObjectSchema<Record<string, unknown>> {
  const compiled = compile(pages);
  const cached = compiled.objectSchemas.get(page);
  if (cached) return cached;
  const shape: Record<string, yup.Schema<unknown>> = {};
  for (const { entry, check } of compiled.fields) {
    if (page !== 'all' && entry.page.id !== page) continue;
    const pass = yup.mixed();
    shape[check.key] = yup.lazy((_value, options) =>
      isEntryVisible(entry, ctxOf(options).answers) ? check.schema : pass,
    ) as unknown as yup.Schema<unknown>;
  }
  const schema = yup.object(shape) as yup.ObjectSchema<Record<string, unknown>>;
  compiled.objectSchemas.set(page, schema);
  return schema;
}

export const applicationSchema = (pages: readonly Page[] = FORM_PAGES_DEFINITION) => pageSchema('all', pages);

/** Whether the answers pass (the submit gate: SPEC §4 "If all answers pass the schema, the submit call is made"). */
export const isApplicationValid = (answers: Answers, now?: Date) =>
  Object.keys(validateAnswers(answers, { now })).length === 0;
