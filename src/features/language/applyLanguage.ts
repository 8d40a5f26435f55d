/**
 * What a language switch does once it is pressed: the chunk that Spanish costs (Lingui's core and the Spanish
 * catalogue, downloaded the first time Spanish is chosen, never in the first download), the translator handed
 * over to Lingui, then the choice kept in this browser and `lang` on <html>.
 */
import { setupI18n, type Messages } from '@lingui/core';
import spanish from '../../kernel/i18n/catalogs/es.json';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../kernel/i18n/languages';
import { currentLingui, linguiLoaded, untranslated } from './i18n';

function lingui() {
  const loaded = currentLingui();
  if (loaded) return loaded;
  const instance = setupI18n({
    locale: 'en',
    messages: { en: {}, es: spanish as unknown as Messages },
    // A Spanish id with no Spanish is shown in English (its id): a gap the tests report.
    missing: (_language, id) => {
      untranslated.add(id);
      return id;
    },
  });
  linguiLoaded(instance);
  return instance;
}

export function applyLanguage(language: Language) {
  lingui().activate(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked or full: the choice lasts for this page's life only.
  }
}
