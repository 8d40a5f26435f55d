import type { AppStartListening } from '../../app/store';
import { languageActivated, languageChosen, languageFailed } from './languageSlice';

/**
 * A chosen language: its catalogue is downloaded (the first time), activated, then the pages re-render in it; the
 * choice is kept in this browser and `lang` on <html> follows. A catalogue that cannot be downloaded (offline)
 * leaves the page in its language; the switch says so and can be pressed again.
 */
export function addLanguageListeners(startListening: AppStartListening) {
  startListening({
    actionCreator: languageChosen,
    effect: async ({ payload: language }, api) => {
      api.cancelActiveListeners();
      try {
        const { applyLanguage } = await import(/* webpackChunkName: "language" */ './applyLanguage');
        applyLanguage(language);
      } catch {
        api.dispatch(languageFailed());
        return;
      }
      api.dispatch(languageActivated(language));
    },
  });
}
