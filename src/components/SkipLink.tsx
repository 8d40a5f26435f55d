import type { MouseEvent } from 'react';

/** The first focusable element of every page: moves focus past the header to <main id={target}>. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    // Focus it ourselves: a hash change would be a route change for the router.
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a className="shell-skip" href={`#${target}`} onClick={onClick}>
      Skip to main content
    </a>
  );
}
