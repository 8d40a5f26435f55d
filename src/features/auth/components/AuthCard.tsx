import { useEffect, useId, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { carriedState, readAuthState } from '../navigationState';
import { loadSchemas } from '../lazySchemas';
import { AuthStyle } from './AuthStyle';
import { SITE_NAME } from '../../../kernel/partner';
import { useT } from '../../language';

export interface AuthCardFooter {
  question: string;
  linkText: string;
  to: string;
}

/**
 * Pressing a button or link of a card leaves focus where it is until the click. Otherwise the field being left
 * shows its error on blur, between mouse-down and mouse-up, which moves the button down from under the pointer
 * and the first click is lost (a login card with a bad email then never showed 'Password is required.').
 * The click itself still moves on: a submit touches every field, and the first invalid one gets focus.
 */
function keepFocusWhilePressing(event: MouseEvent<HTMLElement>) {
  if (event.button === 0 && (event.target as Element).closest('button, a')) event.preventDefault();
}

/**
 * One account card: a region named by the page's only <h1>, the form, and a footer with a question and a link
 * (SPEC §2). Links between account pages carry the visitor's answers (navigation state studentAnswers).
 */
export function AuthCard({ title, footer, children }: { title: string; footer: AuthCardFooter; children: ReactNode }) {
  const headingId = useId();
  const t = useT();
  const carried = carriedState(readAuthState(useLocation().state));
  // Validation arrives right after the card shows (see lazySchemas.ts).
  useEffect(() => {
    loadSchemas().catch(() => undefined);
  }, []);
  // Each account page has a title of its own (WCAG 2.4.2), as the form pages do.
  useEffect(() => {
    document.title = `${t(title)} - ${SITE_NAME}`;
  }, [t, title]);
  return (
    <section aria-labelledby={headingId} className="auth-card" onMouseDown={keepFocusWhilePressing}>
      <AuthStyle />
      <h1 id={headingId} className="auth-title">
        {t(title)}
      </h1>
      {children}
      <p className="auth-footer">
        {t(footer.question)}{' '}
        <Link to={footer.to} state={carried} className="auth-link">
          {t(footer.linkText)}
        </Link>
      </p>
    </section>
  );
}
