/**
 * The counselor's page's first render. With a link's token, React's first render is the loading state, exactly the
 * markup counselor.html painted (firstPaint.ts; CounselorPage.test.tsx holds the two together), so React hydrates
 * it: it adopts the painted elements instead of building and laying out the same ones again, and a counselor never
 * sees the page blink. Without a token the page says the link is incomplete, which the painted markup is not: React
 * renders that afresh.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { currentToken } from './api';
import { CounselorPage } from './CounselorPage';
import type { makeCounselorStore } from './store';

export function renderPage(root: HTMLElement, store: ReturnType<typeof makeCounselorStore>): void {
  const page = (
    <Provider store={store}>
      <CounselorPage />
    </Provider>
  );
  if (currentToken()) hydrateRoot(root, page);
  else createRoot(root).render(page);
}
