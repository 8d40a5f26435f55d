/**
 * Walking a definition: every leaf question with its page, section and container, add-another entries expanded
 * to their prefixed keys. Works on any list of pages (the dev checks feed it broken ones); the results are
 * memoised per pages array, so callers may ask often.
 */
import type {
  AddAnotherQuestion,
  Condition,
  ConditionExpr,
  ConditionGroup,
  LeafQuestion,
  Page,
  PageId,
  Question,
  Rule,
  Section,
  TabsQuestion,
} from './types';

export type Container =
  | { type: 'addAnother'; question: AddAnotherQuestion; entry: number; prefix: string }
  | { type: 'tabs'; question: TabsQuestion; tab: string };

/** A leaf question in place: where it sits and what decides whether it shows. */
export interface QuestionEntry {
  question: LeafQuestion;
  page: Page;
  section: Section;
  container?: Container;
  /** The answer keys this question owns (none for content). */
  answerKeys: readonly string[];
  /** All must hold for the question to show: the section's, the container's and the question's own. */
  conditions: readonly ConditionExpr[];
  /** The condition group it belongs to, if any. */
  group?: { group: ConditionGroup; branches: readonly string[] };
}

/** The answer keys a leaf question owns. */
export function answerKeysOf(question: LeafQuestion): string[] {
  switch (question.type) {
    case 'content':
      return [];
    case 'checkboxGroup':
      return question.options.map((o) => o.key);
    case 'monthYear':
      return [question.monthKey, question.yearKey];
    default:
      return [question.key];
  }
}

/** The keys a condition expression reads. */
export function conditionKeys(expr: ConditionExpr | undefined): string[] {
  if (expr === undefined) return [];
  if (isList(expr)) return expr.flatMap(conditionKeys);
  if ('all' in expr) return expr.all.flatMap(conditionKeys);
  if ('any' in expr) return expr.any.flatMap(conditionKeys);
  return [expr.valueKey];
}

const isList = (expr: ConditionExpr): expr is readonly ConditionExpr[] => Array.isArray(expr);

function renameCondition(expr: ConditionExpr, rename: (key: string) => string): ConditionExpr {
  if (isList(expr)) return expr.map((e) => renameCondition(e, rename));
  if ('all' in expr) return { all: expr.all.map((e) => renameCondition(e, rename)) };
  if ('any' in expr) return { any: expr.any.map((e) => renameCondition(e, rename)) };
  return { ...(expr as Condition), valueKey: rename(expr.valueKey) };
}

/** The template of an add-another entry with its keys (and conditions on entry keys) prefixed. */
export function entryQuestion(template: LeafQuestion, prefix: string, templateKeys: ReadonlySet<string>): LeafQuestion {
  const rename = (key: string) => (templateKeys.has(key) ? `${prefix}${key}` : key);
  const cond = (expr: ConditionExpr | undefined) => (expr === undefined ? undefined : renameCondition(expr, rename));
  const q = { ...template, key: `${prefix}${template.key}` } as LeafQuestion;
  if (template.condition !== undefined) q.condition = cond(template.condition);
  if (q.type === 'content') return q;
  if (typeof q.required === 'object') q.required = cond(q.required);
  if (q.rules) q.rules = q.rules.map((r) => (r.when === undefined ? r : ({ ...r, when: cond(r.when) } as Rule)));
  if (q.type === 'checkboxGroup') q.options = q.options.map((o) => ({ ...o, key: rename(o.key) }));
  if (q.type === 'monthYear') {
    q.monthKey = rename(q.monthKey);
    q.yearKey = rename(q.yearKey);
  }
  if (q.type === 'dropdown' && q.optionsFrom)
    q.optionsFrom = { ...q.optionsFrom, valueKey: rename(q.optionsFrom.valueKey) };
  if (q.type === 'lookup') q.fills = Object.fromEntries(Object.entries(q.fills).map(([f, k]) => [f, rename(k)]));
  return q;
}

/** The prefixes of an add-another's entries 1..n (never more than it declares). */
export const entryPrefixes = (q: AddAnotherQuestion) =>
  q.keyPrefixes.slice(0, Math.max(0, Math.min(q.maxNumberOfComponents, q.keyPrefixes.length)));

export interface DefinitionIndex {
  entries: readonly QuestionEntry[];
  /** Answer key → its question entry. The first declaration wins when a key is declared twice. */
  byAnswerKey: ReadonlyMap<string, QuestionEntry>;
  /** Anchor key (question key, add-another button id, tab id) → question. */
  byAnchor: ReadonlyMap<string, { question: Question; page: Page; section: Section }>;
  /** Per page, its answer keys in order (the summary map of SPEC §5). */
  summaryMap: Readonly<Record<PageId, readonly string[]>>;
}

const cache = new WeakMap<readonly Page[], DefinitionIndex>();

export function indexDefinition(pages: readonly Page[]): DefinitionIndex {
  const cached = cache.get(pages);
  if (cached) return cached;
  const entries: QuestionEntry[] = [];
  const byAnchor = new Map<string, { question: Question; page: Page; section: Section }>();
  for (const page of pages) {
    for (const section of page.sections) {
      const groups = new Map((section.conditionGroups ?? []).map((g) => [g.id, g]));
      const base = section.condition === undefined ? [] : [section.condition];
      const leaf = (question: LeafQuestion, container: Container | undefined, outer: readonly ConditionExpr[]) => {
        if (!byAnchor.has(question.key)) byAnchor.set(question.key, { question, page, section });
        const membership = question.conditionGroup;
        const group = membership && groups.get(membership.group);
        entries.push({
          question,
          page,
          section,
          container,
          answerKeys: answerKeysOf(question),
          conditions: question.condition === undefined ? outer : [...outer, question.condition],
          group: group && membership ? { group, branches: membership.branches } : undefined,
        });
      };
      for (const question of section.questions) {
        if (question.type === 'addAnother') {
          byAnchor.set(question.key, { question, page, section });
          const outer = question.condition === undefined ? base : [...base, question.condition];
          const templateKeys = new Set(question.questions.flatMap(answerKeysOf));
          entryPrefixes(question).forEach((prefix, i) => {
            for (const template of question.questions) {
              leaf(
                entryQuestion(template, prefix, templateKeys),
                { type: 'addAnother', question, entry: i + 1, prefix },
                outer,
              );
            }
          });
        } else if (question.type === 'tabs') {
          byAnchor.set(question.key, { question, page, section });
          const outer = question.condition === undefined ? base : [...base, question.condition];
          for (const tab of question.tabs) {
            for (const child of tab.questions) leaf(child, { type: 'tabs', question, tab: tab.id }, outer);
          }
        } else {
          leaf(question, undefined, base);
        }
      }
    }
  }
  const byAnswerKey = new Map<string, QuestionEntry>();
  const summaryMap: Record<string, string[]> = {};
  for (const entry of entries) {
    const keys = (summaryMap[entry.page.id] ??= []);
    for (const key of entry.answerKeys) {
      keys.push(key);
      if (!byAnswerKey.has(key)) byAnswerKey.set(key, entry);
    }
  }
  for (const page of pages) summaryMap[page.id] ??= [];
  const index = { entries, byAnswerKey, byAnchor, summaryMap: summaryMap as Record<PageId, string[]> };
  cache.set(pages, index);
  return index;
}
