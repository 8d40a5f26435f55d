import type { ReactNode } from 'react';

interface BannerProps {
  /** The region's accessible name, e.g. 'Application deadline'. */
  label: string;
  title: string;
  children: ReactNode;
  tone?: 'info' | 'success';
}

/** A notice at the top of a page (a named region; its title is bold text, not a heading: the page owns its h1). */
export function Banner({ label, title, children, tone = 'info' }: BannerProps) {
  return (
    <section aria-label={label} className={`shell-banner shell-banner-${tone}`}>
      <p>
        <strong>{title}</strong> {children}
      </p>
    </section>
  );
}
