import { isLanguage, LANGUAGE_STORAGE_KEY, preferredLanguage, type Language } from '../../kernel/i18n/languages';

/**
 * The language a page starts in: the reader's choice kept in this browser, else on a first visit the first of the
 * browser's preferred languages (what it sends as Accept-Language) that we speak, else English.
 */
export function startingLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage blocked: no stored choice.
  }
  if (isLanguage(stored)) return stored;
  return preferredLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [])) ?? 'en';
}
