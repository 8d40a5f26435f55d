import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../../language';

/**
 * A real <button>. While `loading`, it stays focusable but inert (aria-disabled, clicks ignored) and shows a
 * spinner, so focus is not lost and the call is not sent twice.
 */
export function Button({
  children,
  type = 'button',
  variant = 'default',
  block = false,
  loading = false,
  onClick,
  ...aria
}: {
  children: ReactNode;
  type?: 'button' | 'submit';
  variant?: 'default' | 'primary' | 'link';
  block?: boolean;
  loading?: boolean;
  onClick?: () => void;
  'aria-controls'?: string;
  className?: string;
}) {
  const { className, ...rest } = aria;
  const classes = ['auth-btn', variant !== 'default' && `auth-btn-${variant}`, block && 'auth-btn-block', className]
    .filter(Boolean)
    .join(' ');
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.();
  };
  return (
    <button
      type={type}
      className={classes}
      onClick={click}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="auth-spin" aria-hidden /> : null}
      {children}
    </button>
  );
}

/** The card's primary action: a submit button, full width (390 px screens), busy while the call runs. */
export function SubmitButton({ loading, children }: { loading: boolean; children?: ReactNode }) {
  const t = useT();
  return (
    <Button type="submit" variant="primary" block loading={loading}>
      {children ?? t('Submit')}
    </Button>
  );
}
