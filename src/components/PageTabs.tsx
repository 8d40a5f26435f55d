import type { MouseEvent } from 'react';

export interface PageTab {
  path: string;
  label: string;
}

interface PageTabsProps {
  pages: readonly PageTab[];
  /** The current pathname: its tab gets aria-current="page". */
  current: string;
  /** A tab was chosen. The caller decides how to get there (the shell saves first). */
  onNavigate: (to: string) => void;
}

/** Unmodified primary clicks are ours; Ctrl/⌘/Shift/middle clicks keep the browser's open-in-new-tab. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The form's page tabs as navigation: real links (so they can be opened in a new tab and read as links), but
 * a plain click does not follow the link; it asks the caller, which saves the answers and then moves.
 */
export function PageTabs({ pages, current, onNavigate }: PageTabsProps) {
  return (
    <nav className="shell-tabs" aria-label="Application pages">
      <ul>
        {pages.map(({ path, label }) => {
          const isCurrent = path === current;
          return (
            <li key={path}>
              <a
                href={path}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  if (!isCurrent) onNavigate(path);
                }}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
