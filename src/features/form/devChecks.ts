/**
 * Development-only checks of the form definition (SPEC §5): a question key on more than one page of the summary
 * map, keys not in the data model, a data-model key with no page, maxNumberOfComponents above 10. Plus a few
 * consistency checks the definition relies on (unknown condition keys, unknown condition groups, duplicate keys
 * on one page). Each returns a list of problems; the app logs them in development and a unit test asserts the
 * real definition has none.
 */
import { ADD_ANOTHER_MAX_COUNT } from '../../kernel/constants';
import { baseKey, FORM_PAGES_DEFINITION } from '../../kernel/form/definition';
import { DATA_MODEL_KEYS, isDataModelKey } from '../../kernel/form/definition/dataModel';
import type { Page, PageId } from '../../kernel/form/definition/types';
import { conditionKeys, indexDefinition } from '../../kernel/form/definition/walk';

export type ProblemKind =
  | 'keyOnSeveralPages'
  | 'duplicateKey'
  | 'keyNotInDataModel'
  | 'keyWithoutPage'
  | 'tooManyComponents'
  | 'unknownConditionKey'
  | 'unknownConditionGroup';

export interface DefinitionProblem {
  kind: ProblemKind;
  key: string;
  message: string;
}

/** A question key on more than one page of the summary map, or twice on one page. */
export function checkKeysOnOnePage(pages: readonly Page[] = FORM_PAGES_DEFINITION): DefinitionProblem[] {
  const { summaryMap } = indexDefinition(pages);
  const seen = new Map<string, PageId[]>();
  const problems: DefinitionProblem[] = [];
  for (const [pageId, keys] of Object.entries(summaryMap) as [PageId, readonly string[]][]) {
    for (const key of keys) {
      const on = seen.get(key) ?? [];
      if (on.includes(pageId)) {
        problems.push({ kind: 'duplicateKey', key, message: `The key "${key}" is declared twice on ${pageId}.` });
      }
      on.push(pageId);
      seen.set(key, on);
    }
  }
  for (const [key, on] of seen) {
    const distinct = [...new Set(on)];
    if (distinct.length > 1) {
      problems.push({
        kind: 'keyOnSeveralPages',
        key,
        message: `The key "${key}" is on more than one page: ${distinct.join(', ')}.`,
      });
    }
  }
  return problems;
}

/** Keys the form declares (answers, lookup targets) that the data model does not know. */
export function checkKeysInDataModel(pages: readonly Page[] = FORM_PAGES_DEFINITION): DefinitionProblem[] {
  const { entries } = indexDefinition(pages);
  const problems: DefinitionProblem[] = [];
  const reported = new Set<string>();
  const report = (key: string, what: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ kind: 'keyNotInDataModel', key, message: `${what} "${key}" is not in the data model.` });
  };
  for (const { question, answerKeys } of entries) {
    for (const key of answerKeys) if (!isDataModelKey(key)) report(key, 'The question key');
    if (question.type === 'lookup') {
      // A lookup may fill a {key}_desc companion (the college's name beside its code).
      for (const target of Object.values(question.fills))
        if (!isDataModelKey(baseKey(target))) report(target, 'The lookup target');
    }
  }
  return problems;
}

/** Data-model keys no page declares (an answer that could never be given or shown). */
export function checkKeysHavePage(
  pages: readonly Page[] = FORM_PAGES_DEFINITION,
  dataModel: readonly string[] = DATA_MODEL_KEYS,
): DefinitionProblem[] {
  const { byAnswerKey } = indexDefinition(pages);
  return dataModel
    .filter((key) => !byAnswerKey.has(key))
    .map((key) => ({ kind: 'keyWithoutPage' as const, key, message: `The data-model key "${key}" is on no page.` }));
}

/** Add-another groups allowing more than ADD_ANOTHER_MAX_COUNT (10) components, or more than they have keys for. */
export function checkAddAnotherLimits(pages: readonly Page[] = FORM_PAGES_DEFINITION): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      for (const q of section.questions) {
        if (q.type !== 'addAnother') continue;
        if (q.maxNumberOfComponents > ADD_ANOTHER_MAX_COUNT) {
          problems.push({
            kind: 'tooManyComponents',
            key: q.buttonId,
            message: `"${q.buttonId}" allows ${q.maxNumberOfComponents} components; the maximum is ${ADD_ANOTHER_MAX_COUNT}.`,
          });
        } else if (q.maxNumberOfComponents > q.keyPrefixes.length) {
          problems.push({
            kind: 'tooManyComponents',
            key: q.buttonId,
            message: `"${q.buttonId}" allows ${q.maxNumberOfComponents} components but has key prefixes for ${q.keyPrefixes.length}.`,
          });
        }
      }
    }
  }
  return problems;
}

/** Conditions that read a key no question declares, and questions naming a condition group that does not exist. */
export function checkConditionReferences(pages: readonly Page[] = FORM_PAGES_DEFINITION): DefinitionProblem[] {
  const { entries, byAnswerKey } = indexDefinition(pages);
  const problems: DefinitionProblem[] = [];
  const reported = new Set<string>();
  for (const entry of entries) {
    const { question } = entry;
    const read = [
      ...entry.conditions.flatMap(conditionKeys),
      ...(entry.group?.group.branches.flatMap((b) => conditionKeys(b.condition)) ?? []),
    ];
    if (question.type !== 'content') {
      if (typeof question.required === 'object') read.push(...conditionKeys(question.required));
      for (const rule of question.rules ?? []) read.push(...conditionKeys(rule.when));
      if (question.type === 'dropdown' && question.optionsFrom) read.push(question.optionsFrom.valueKey);
    }
    for (const key of read) {
      if (byAnswerKey.has(key) || reported.has(key)) continue;
      reported.add(key);
      problems.push({
        kind: 'unknownConditionKey',
        key,
        message: `A condition of "${question.key}" reads "${key}", which no question declares.`,
      });
    }
    if (question.conditionGroup) {
      const { group, branches } = question.conditionGroup;
      const declared = entry.group?.group;
      const unknown = declared ? branches.filter((b) => !declared.branches.some((d) => d.id === b)) : [];
      if (!declared || unknown.length > 0) {
        problems.push({
          kind: 'unknownConditionGroup',
          key: question.key,
          message: `"${question.key}" names condition group "${group}"${unknown.length ? ` branches ${unknown.join(', ')}` : ''}, which its section does not declare.`,
        });
      }
    }
  }
  return problems;
}

/** Every check. An empty list means the definition is sound. */
export function checkDefinition(pages: readonly Page[] = FORM_PAGES_DEFINITION): DefinitionProblem[] {
  return [
    ...checkKeysOnOnePage(pages),
    ...checkKeysInDataModel(pages),
    ...checkKeysHavePage(pages),
    ...checkAddAnotherLimits(pages),
    ...checkConditionReferences(pages),
  ];
}

/** Logs each problem as a developer error (call it in development only). Returns the problems. */
export function reportDefinitionProblems(
  pages: readonly Page[] = FORM_PAGES_DEFINITION,
  log: (message: string) => void = (m) => console.error(`[form definition] ${m}`),
): DefinitionProblem[] {
  const problems = checkDefinition(pages);
  for (const p of problems) log(p.message);
  return problems;
}

/** Answer keys (e.g. from a saved answers map) that belong to no page: unknown keys. _desc companions count. */
export function keysWithoutPage(keys: Iterable<string>, pages: readonly Page[] = FORM_PAGES_DEFINITION): string[] {
  const { byAnswerKey } = indexDefinition(pages);
  return [...keys].filter((key) => !byAnswerKey.has(key) && !byAnswerKey.has(baseKey(key)));
}
