import { LANGUAGES, type Language } from '../../kernel/i18n/languages';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { languageChosen, selectLanguage } from './languageSlice';
import { CATALOG_FAILED } from './messages';

/** Each language named in itself, with its own `lang`: a Spanish reader finds "Español" on an English page. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The header's language switch: the other language, named in itself and marked with its own `lang` ("Español" is
 * read as Spanish on an English page). A button: it changes the page's words, not the route, and keeps every answer.
 */
export function LanguageSwitch() {
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectLanguage);
  // While the chosen language's catalogue is on its way; after it could not be downloaded.
  const loading = useAppSelector((state) => state.language.chosen !== state.language.active);
  const failed = useAppSelector((state) => state.language.failed);
  const other = LANGUAGES.find((language) => language !== active) ?? active;
  return (
    <>
      {failed && (
        <p role="alert" lang="es" className="shell-language-failed">
          {CATALOG_FAILED}
        </p>
      )}
      <button
        type="button"
        className="shell-language-switch"
        lang={other}
        aria-busy={loading || undefined}
        aria-disabled={loading || undefined}
        // Inert while the catalogue comes, but focusable: a disabled button would drop the keyboard's focus.
        onClick={() => loading || dispatch(languageChosen(other))}
      >
        {NATIVE_NAMES[other]}
      </button>
    </>
  );
}
