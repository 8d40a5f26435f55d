import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { pageSettled } from './motion';

/** The rules every page must pass: WCAG 2.0–2.2, levels A and AA. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Zero axe violations on the page once it is all there (pageSettled: no animation, every section of a form page);
 * a failure lists each rule with the elements it found.
 */
export async function expectAccessible(page: Page, context: string) {
  await pageSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe violations ${context}`).toEqual([]);
}
