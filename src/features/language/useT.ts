import { useCallback } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { selectLanguage } from './languageSlice';
import { translate, type Values } from './i18n';

/**
 * The translator for a component: subscribes it to the active language, so it re-renders when the language
 * changes. Translate where a text is shown, never when a module loads (a string read once stays in one language).
 */
export function useT(): (id: string, values?: Values) => string {
  const language = useAppSelector(selectLanguage);
  // A new function per language: components and memos that take it re-render on a switch.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((id: string, values?: Values) => translate(id, values), [language]);
}
