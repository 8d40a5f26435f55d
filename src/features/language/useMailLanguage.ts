import { useAppSelector } from '../../shared/hooks';
import type { Language } from '../../kernel/i18n/languages';
import { selectLanguage } from './languageSlice';

/**
 * What a request that mails the applicant (sign-up, a new code, a reset link) adds to its body so the mail is
 * written in the language the page shows: nothing in English, the server's default, so English requests stay as
 * they were.
 */
export function useMailLanguage(): { language?: Language } {
  const language = useAppSelector(selectLanguage);
  return language === 'en' ? {} : { language };
}
