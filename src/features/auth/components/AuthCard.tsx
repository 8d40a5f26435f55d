import { useEffect, useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { carriedState, readAuthState } from '../navigationState';
import { loadSchemas } from '../lazySchemas';
import { AuthStyle } from './AuthStyle';

export interface AuthCardFooter {
  question: string;
  linkText: string;
  to: string;
}

/**
 * One account card: a region named by the page's only <h1>, the form, and a footer with a question and a link
 * (SPEC §2). Links between account pages carry the visitor's answers (navigation state studentAnswers).
 */
export function AuthCard({ title, footer, children }: { title: string; footer: AuthCardFooter; children: ReactNode }) {
  const headingId = useId();
  const carried = carriedState(readAuthState(useLocation().state));
  // Validation arrives right after the card shows (see lazySchemas.ts).
  useEffect(() => {
    loadSchemas().catch(() => undefined);
  }, []);
  return (
    <section aria-labelledby={headingId} className="auth-card">
      <AuthStyle />
      <h1 id={headingId} className="auth-title">
        {title}
      </h1>
      {children}
      <p className="auth-footer">
        {footer.question}{' '}
        <Link to={footer.to} state={carried} className="auth-link">
          {footer.linkText}
        </Link>
      </p>
    </section>
  );
}
