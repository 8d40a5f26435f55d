import type { Option } from '../definition/types';

/** A label without accents, in lower case: "Åland Islands" → "aland islands". */
const sortKey = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The order of every alphabetical option list: English alphabetical order, accents and case ignored ("Åland
 * Islands" among the A's, "Curaçao" before "Cyprus"), the order Intl.Collator('en') gives these lists
 * (options.test.ts holds them to it). Not the collator itself: its first use loads the language's collation data,
 * a cost on a slow phone's first render of About You (figures: bench/HISTORY.md).
 */
export function sortedByLabel<T extends Option>(options: readonly T[]): T[] {
  return options
    .map((option) => ({ key: sortKey(option.label), option }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ option }) => option);
}
