/**
 * Text PostgreSQL can store: its text and jsonb hold no null character (U+0000) and no half of a surrogate pair
 * (a UTF-16 unit that is not a whole character, such as an emoji cut in two). One such character made a save
 * fail as a whole. The server refuses them (server/src/http/jsonBody.ts); the form makes typed answers storable
 * (storableText) before they are saved.
 */

/** A whole surrogate pair (kept), or a surrogate on its own (the match to replace). */
const SURROGATES = /([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableText(text: string): 'nullCharacter' | 'halfCharacter' | null {
  if (text.includes('\u0000')) return 'nullCharacter';
  for (const match of text.matchAll(SURROGATES)) if (match[1] === undefined) return 'halfCharacter';
  return null;
}

/** Any surrogate, whole pair or half: text without one (nearly all) needs no closer look. */
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/**
 * `text` made storable: null characters dropped (they are invisible), half characters shown as U+FFFD (�). It runs
 * on every keystroke (the answers slice), so text without either comes back as it is after two native scans.
 */
export function storableText(text: string): string {
  if (!text.includes('\u0000') && !ANY_SURROGATE.test(text)) return text;
  return text.replaceAll('\u0000', '').replace(SURROGATES, (_match: string, whole?: string) => whole ?? '\uFFFD');
}
