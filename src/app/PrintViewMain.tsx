import type { ReactNode } from 'react';
import { ErrorDialog } from '../features/notifications';
import '../styles/shell.css';

/**
 * What a service user sees of a form route (SPEC §1 print view): only the page, in the main landmark, with a
 * failed load's message inline. FormLayout shows it in the browser; the server's print view
 * (src/firstPaint/renderPrintView.tsx) renders the same.
 */
export function PrintViewMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell-container shell-main">
      <ErrorDialog inline />
      {children}
    </main>
  );
}
