/**
 * The counselor's page as it first paints, before any script has run: counselor.html carries this markup in its
 * root (webpack.config.ts renders it into the template), so the college, the title and what the page is for show
 * while the scripts load and the request is asked for. It is exactly the markup React renders for the loading state
 * (CounselorPage.test.tsx holds the two together), and React replaces it on its first render.
 */
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';

export const FIRST_TITLE = 'School report';

/** Text as an element's content (no attribute takes text here). */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function firstPaintMarkup(college: string): string {
  return (
    `<header class="c-header"><div class="c-container"><p class="c-college">${escapeHtml(college)}</p></div></header>` +
    `<main class="c-container c-main"><h1 tabindex="-1">${FIRST_TITLE}</h1>` +
    `<p class="c-intro">${escapeHtml(COUNSELOR_MESSAGES.intro)}</p>` +
    `<div role="status" class="c-status-region"><p class="c-notice">${escapeHtml(COUNSELOR_MESSAGES.loading)}</p></div>` +
    `</main>`
  );
}
