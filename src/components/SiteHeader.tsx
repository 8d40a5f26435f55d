import type { ReactNode } from 'react';
import { SITE_NAME } from '../kernel/partner';

/**
 * The page header (banner landmark): the site name, which is not a heading (each page owns its h1), then
 * whatever the layout puts after it (the page tabs, the account menu).
 */
export function SiteHeader({ children, end }: { children?: ReactNode; end?: ReactNode }) {
  return (
    <header className="shell-header">
      <div className="shell-container shell-header-inner">
        <p className="shell-site-name">{SITE_NAME}</p>
        {children}
        {end && <div className="shell-header-end">{end}</div>}
      </div>
    </header>
  );
}
