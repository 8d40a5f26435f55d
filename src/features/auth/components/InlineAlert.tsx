import type { ReactNode } from 'react';
import { CrossIcon, WarningIcon } from './icons';
import { useT } from '../../language';

/** A message inside the card: announced when it appears (role="alert"), icon + words, not colour alone. */
export function InlineAlert({
  tone,
  title,
  children,
}: {
  tone: 'warning' | 'error';
  title: string;
  children?: ReactNode;
}) {
  const Icon = tone === 'error' ? CrossIcon : WarningIcon;
  const t = useT();
  return (
    <div role="alert" className={`auth-alert auth-alert-${tone}`}>
      <span className="auth-alert-icon">
        <Icon />
      </span>
      <div>
        <p className="auth-alert-title">{t(title)}</p>
        {children}
      </div>
    </div>
  );
}
