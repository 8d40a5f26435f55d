/**
 * Helpers for tests of pages in Spanish (not part of the app bundle: only *.test.tsx files import this).
 */
import fs from 'node:fs';
import path from 'node:path';
import { untranslated } from './i18n';

/** A catalogue as written (imports of it are compiled, as in the build). */
export const catalogSource = (language: 'es'): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `../../kernel/i18n/catalogs/${language}.json`), 'utf8'));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each Spanish message as a pattern: its placeholders match any text; any case (a label may be lower-cased). */
const SPANISH = Object.values(catalogSource('es')).map(
  (message) =>
    new RegExp(
      `^${message
        .split(/\{\w+\}/)
        .map(escape)
        .join('.+')}$`,
      'i',
    ),
);

/** The names of a message's placeholders and ICU arguments ({email}, {count, plural, …}), sorted. */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]))].sort();
}

/**
 * The English left on a page shown in Spanish: every text (and accessible name given by aria-label) under `root`
 * that is not a Spanish message, outside elements marked with another `lang` and the `allowed` proper names.
 */
export function englishLeft(root: Element, allowed: readonly string[] = []): string[] {
  const left: string[] = [];
  const isSpanish = (text: string) => allowed.includes(text) || SPANISH.some((pattern) => pattern.test(text));
  const marked = (element: Element | null) => element?.closest('[lang]:not([lang="es"])') !== null;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (/\p{L}/u.test(text) && !marked(node.parentElement) && !isSpanish(text)) left.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label]')) {
    const label = element.getAttribute('aria-label') ?? '';
    if (!marked(element) && !isSpanish(label)) left.push(label);
  }
  return [...left, ...[...untranslated].map((id) => `(no translation) ${id}`)];
}
