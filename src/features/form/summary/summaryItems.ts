import { FORM_PAGES_DEFINITION, summaryMap } from '../../../kernel/form/definition';
import type { Page, PageId } from '../../../kernel/form/definition/types';

export interface SummaryItem {
  key: string;
  page: Page;
  messages: readonly string[];
  href: string;
}

/**
 * The problems to list, from the errors map: this page's first (in the order of its questions), then the other
 * pages' in page order, then keys no page declares (linked on this page). Keys without messages are skipped.
 */
export function summaryItems(
  errors: Readonly<Record<string, readonly string[] | undefined>>,
  current: PageId,
  pages: readonly Page[] = FORM_PAGES_DEFINITION,
): SummaryItem[] {
  const map = summaryMap(pages);
  const has = (key: string) => (errors[key]?.length ?? 0) > 0;
  const ordered = [...pages.filter((p) => p.id === current), ...pages.filter((p) => p.id !== current)];
  const items: SummaryItem[] = [];
  const listed = new Set<string>();
  for (const page of ordered) {
    for (const key of map[page.id]) {
      if (!has(key) || listed.has(key)) continue;
      listed.add(key);
      items.push({ key, page, messages: errors[key]!, href: `${page.path}#${key}` });
    }
  }
  const here = pages.find((p) => p.id === current);
  if (here) {
    for (const key of Object.keys(errors)) {
      if (!has(key) || listed.has(key)) continue;
      items.push({ key, page: here, messages: errors[key]!, href: `${here.path}#${key}` });
    }
  }
  return items;
}
