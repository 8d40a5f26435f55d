import { SITE_NAME } from '../../kernel/partner';
import type { StudentAnswers } from '../answers';

/** The print view's fallback title, when the applicant gave no name. */
export const PRINT_VIEW_FALLBACK_TITLE = 'Application';

/**
 * Whether the store holds exactly the bundle's answers (and nothing left from before: another applicant's): the
 * view shows from then on (the server's render waits for it too, src/firstPaint/renderPrintView.tsx).
 */
export function holdsOnly(bundle: StudentAnswers, values: StudentAnswers): boolean {
  const keys = Object.keys(bundle);
  return keys.length === Object.keys(values).length && keys.every((key) => values[key] === bundle[key]);
}

/** The applicant's name from their answers, or '' when not given. */
export function applicantName(values: StudentAnswers): string {
  const part = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '');
  return [part('first_name'), part('last_name')].filter(Boolean).join(' ');
}

/** The print view's heading: the applicant's name, or the fallback title. */
export const printViewTitle = (name: string) => name || PRINT_VIEW_FALLBACK_TITLE;

/** The print view's document title: the applicant's name, or the fallback title (also the server's page, src/firstPaint/renderPrintView.tsx). */
export const printViewDocumentTitle = (name: string) => `${printViewTitle(name)} - ${SITE_NAME}`;
