/**
 * Conditionals (SPEC §4): evaluating conditions against the answers, which questions show, and which answers
 * must be cleared after a change. Pure functions of the definition and the answers; no React, no store.
 *
 * Visibility here depends on answers only. Which tab is chosen and how many add-another entries are shown are
 * UI state (their own slices); the renderer applies them on top.
 */
import { DESC_SUFFIX, FORM_PAGES_DEFINITION } from './definition';
import { e164Key } from './phones';
import type {
  Answers,
  AnswerValue,
  Condition,
  ConditionExpr,
  ConditionGroup,
  ConditionScalar,
  DropdownQuestion,
  LeafQuestion,
  Page,
  PageId,
  Question,
  Section,
  TabsQuestion,
} from './definition/types';
import { conditionKeys, indexDefinition, type QuestionEntry } from './definition/walk';

type Value = AnswerValue | undefined;

/** Answered: a non-blank string, or a ticked checkbox. */
export const isAnswered = (value: Value): boolean =>
  typeof value === 'boolean' ? value : typeof value === 'string' && value.trim() !== '';

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
/** The number a value stands for, when it is one (numbers, and strings that are just a number). */
const asNumber = (value: Value | ConditionScalar): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER.test(value)) return Number(value);
  return undefined;
};
const asText = (value: Value | ConditionScalar) => (value === undefined ? '' : String(value));

function same(value: Value, target: ConditionScalar): boolean {
  const a = asNumber(value);
  const b = asNumber(target);
  if (a !== undefined && b !== undefined) return a === b;
  return asText(value) === asText(target);
}

/** < 0, 0, > 0; numerically when both are numbers, else by text. */
function compare(value: Value, target: ConditionScalar): number {
  const a = asNumber(value);
  const b = asNumber(target);
  if (a !== undefined && b !== undefined) return a - b;
  const x = asText(value);
  const y = asText(target);
  return x < y ? -1 : x > y ? 1 : 0;
}

const targets = (target: Condition['target']): readonly ConditionScalar[] =>
  target === undefined ? [] : Array.isArray(target) ? target : [target as ConditionScalar];

const scalar = (target: Condition['target']): ConditionScalar =>
  Array.isArray(target) ? (target[0] ?? '') : ((target as ConditionScalar | undefined) ?? '');

function evaluateOne(condition: Condition, answers: Answers): boolean {
  const value = answers[condition.valueKey];
  switch (condition.operator) {
    case 'answered':
      return isAnswered(value);
    case 'notAnswered':
      return !isAnswered(value);
    case 'equals':
      return same(value, scalar(condition.target));
    case 'notEquals':
      return !same(value, scalar(condition.target));
    case 'in':
      return targets(condition.target).some((t) => same(value, t));
    case 'notIn':
      return !targets(condition.target).some((t) => same(value, t));
    // Ordering needs an answer: an empty answer is neither less nor greater than anything.
    case 'lt':
      return isAnswered(value) && compare(value, scalar(condition.target)) < 0;
    case 'lte':
      return isAnswered(value) && compare(value, scalar(condition.target)) <= 0;
    case 'gt':
      return isAnswered(value) && compare(value, scalar(condition.target)) > 0;
    case 'gte':
      return isAnswered(value) && compare(value, scalar(condition.target)) >= 0;
    default:
      throw new Error(`Unknown condition operator: ${String((condition as Condition).operator)}`);
  }
}

/**
 * Whether a condition holds (SPEC §4): the answer at valueKey compared with target. A list of conditions, or
 * { all }, holds when each does; { any } when one does. Numbers compare numerically when both sides are numbers.
 */
export function evaluate(expr: ConditionExpr | undefined, answers: Answers): boolean {
  if (expr === undefined) return true;
  if (Array.isArray(expr)) return expr.every((e: ConditionExpr) => evaluate(e, answers));
  if ('all' in expr) return expr.all.every((e) => evaluate(e, answers));
  if ('any' in expr) return expr.any.some((e) => evaluate(e, answers));
  return evaluateOne(expr as Condition, answers);
}

/** The first branch whose condition holds (SPEC §4 condition groups), or undefined. */
export const activeBranch = (group: ConditionGroup, answers: Answers): string | undefined =>
  group.branches.find((b) => evaluate(b.condition, answers))?.id;

/** A displayAndOptions dropdown shows only when its controlling answer has a non-empty option list. */
export function hasDependentOptions(question: DropdownQuestion, answers: Answers): boolean {
  if (!question.optionsFrom) return true;
  const controlling = answers[question.optionsFrom.valueKey];
  if (typeof controlling !== 'string') return false;
  const spec = question.optionsFrom.byValue[controlling];
  return spec !== undefined && (!Array.isArray(spec) || spec.length > 0);
}

function groupAllows(
  membership: { group: ConditionGroup; branches: readonly string[] } | undefined,
  answers: Answers,
): boolean {
  if (!membership) return true;
  const active = activeBranch(membership.group, answers);
  return active !== undefined && membership.branches.includes(active);
}

/** Whether a leaf question (in place) shows for these answers. */
export function isEntryVisible(entry: QuestionEntry, answers: Answers): boolean {
  if (!entry.conditions.every((c) => evaluate(c, answers))) return false;
  if (!groupAllows(entry.group, answers)) return false;
  if (entry.question.type === 'dropdown' && !hasDependentOptions(entry.question, answers)) return false;
  return true;
}

/** Whether a section shows. */
export const isSectionVisible = (section: Section, answers: Answers) => evaluate(section.condition, answers);

/** Whether a question of a (shown) section shows: for the renderer, which walks sections and questions. */
export function isQuestionVisible(question: Question, section: Section, answers: Answers): boolean {
  if (!evaluate(question.condition, answers)) return false;
  if (question.type === 'addAnother' || question.type === 'tabs') return true;
  const membership = question.conditionGroup;
  if (membership) {
    const group = section.conditionGroups?.find((g) => g.id === membership.group);
    if (!group || !groupAllows({ group, branches: membership.branches }, answers)) return false;
  }
  if (question.type === 'dropdown' && !hasDependentOptions(question, answers)) return false;
  return true;
}

const pageOf = (page: Page | PageId, pages: readonly Page[]) =>
  typeof page === 'string' ? pages.find((p) => p.id === page) : page;

/** The leaf questions (in place) that show, for one page or the whole form. */
export function visibleEntries(
  answers: Answers,
  options: { page?: Page | PageId; pages?: readonly Page[] } = {},
): QuestionEntry[] {
  const pages = options.pages ?? FORM_PAGES_DEFINITION;
  const page = options.page === undefined ? undefined : pageOf(options.page, pages);
  return indexDefinition(pages).entries.filter(
    (e) => (page === undefined || e.page.id === page.id) && isEntryVisible(e, answers),
  );
}

/** The questions of a page that show for these answers (add-another entries expanded, tab children included). */
export const visibleQuestions = (
  page: Page | PageId,
  answers: Answers,
  pages: readonly Page[] = FORM_PAGES_DEFINITION,
): LeafQuestion[] => visibleEntries(answers, { page, pages }).map((e) => e.question);

const norm = (value: Value) => (value === undefined ? '' : value);

/**
 * The answer keys to clear after the answers went from `previous` to `next` (SPEC §4), with their {key}_desc
 * (and a phone's {key}_e164) companions, only those that hold something:
 * - a hidden question or section clears its answers (and a hidden section its `clears` list);
 * - in a condition group only the first true branch keeps its answers (the others' questions are hidden);
 * - a conditional dropdown whose controlling answer changed clears its value, unless that value was set in the
 *   same change (a lookup filling country and state together).
 * Clearing can hide more questions, so it repeats until nothing changes.
 */
export function keysToClear(previous: Answers, next: Answers, pages: readonly Page[] = FORM_PAGES_DEFINITION) {
  const { entries } = indexDefinition(pages);
  const current: Record<string, Value> = { ...next };
  const cleared: string[] = [];
  const clear = (key: string) => {
    for (const k of [key, `${key}${DESC_SUFFIX}`, e164Key(key)]) {
      if (isAnswered(current[k])) {
        cleared.push(k);
        delete current[k];
      }
    }
  };

  for (const { question } of entries) {
    if (question.type !== 'dropdown' || !question.optionsFrom) continue;
    const controlling = question.optionsFrom.valueKey;
    const controlChanged = norm(previous[controlling]) !== norm(next[controlling]);
    const setTogether = norm(previous[question.key]) !== norm(next[question.key]);
    if (controlChanged && !setTogether) clear(question.key);
  }

  for (let round = 0; round < 10; round++) {
    const before = cleared.length;
    for (const entry of entries) if (!isEntryVisible(entry, current)) entry.answerKeys.forEach(clear);
    for (const page of pages) {
      for (const section of page.sections) if (!isSectionVisible(section, current)) section.clears?.forEach(clear);
    }
    if (cleared.length === before) break;
  }
  return cleared;
}

const controllingCache = new WeakMap<readonly Page[], ReadonlySet<string>>();

/**
 * Every answer key that a condition, a condition group or a conditional dropdown reads. A change to any other key
 * cannot hide anything, so the clearing rules need not run for it (most keystrokes: names, addresses, essays).
 */
export function controllingKeys(pages: readonly Page[] = FORM_PAGES_DEFINITION): ReadonlySet<string> {
  const cached = controllingCache.get(pages);
  if (cached) return cached;
  const keys = new Set<string>();
  const add = (expr: ConditionExpr | undefined) => conditionKeys(expr).forEach((k) => keys.add(k));
  for (const entry of indexDefinition(pages).entries) {
    entry.conditions.forEach(add);
    entry.group?.group.branches.forEach((branch) => add(branch.condition));
    if (entry.question.type === 'dropdown' && entry.question.optionsFrom) keys.add(entry.question.optionsFrom.valueKey);
  }
  for (const page of pages) for (const section of page.sections) add(section.condition);
  controllingCache.set(pages, keys);
  return keys;
}

/** The answers a switch away from a tab clears (SPEC §4 "Tabs"): that tab's clear list. */
export function keysClearedByTabSwitch(tabs: TabsQuestion, fromTab: string, toTab: string): string[] {
  if (fromTab === toTab) return [];
  return [...(tabs.tabs.find((t) => t.id === fromTab)?.clears ?? [])];
}

/** Apply a clear list to an answers map (a new map). */
export function withoutKeys(answers: Answers, keys: readonly string[]): Record<string, AnswerValue> {
  const result: Record<string, AnswerValue> = {};
  const drop = new Set(keys);
  for (const [k, v] of Object.entries(answers)) if (v !== undefined && !drop.has(k)) result[k] = v;
  return result;
}
