/**
 * The pages' translator. A message's id is its English text, the catalogue's key: the English wording stays where
 * it is (SPEC's exact messages, the constants tests read), the store keeps those ids (a toast's message, a field's
 * error), and only what is shown is translated.
 *
 * English costs the first download nothing: an id is shown as it is, its plain {placeholders} filled in (English
 * ids hold no plural or select: catalogs.test.ts). Lingui's core (its macros need a compiler plugin, so none are
 * used) comes with the Spanish catalogue, compiled at build time (scripts/catalog-loader.cjs), in the chunk
 * downloaded only when Spanish is chosen (applyLanguage.ts), and translates every language but English.
 */
import type { I18n } from '@lingui/core';

export type Values = Record<string, string | number>;

/** Ids a Spanish page showed in English (no translation yet): the tests read them. */
export const untranslated = new Set<string>();

let lingui: I18n | undefined;

/** Lingui is in (applyLanguage.ts). */
export function linguiLoaded(instance: I18n) {
  lingui = instance;
}

/** Lingui, once it is in. */
export const currentLingui = () => lingui;

/** Translates one message id into the active language. */
export function translate(id: string, values?: Values): string {
  if (lingui && lingui.locale !== 'en') return lingui._(id, values);
  return values ? id.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : id;
}

/** Tests: back to English, as a new page starts. */
export function resetLanguage() {
  lingui?.activate('en');
  untranslated.clear();
}
