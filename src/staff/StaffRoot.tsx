/**
 * The console's frame, in its entry chunk: the skip link, focus moving to each new page's heading, the plain
 * layout of the pages before sign-in (sign in, enrol), the loading line and the error screen.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { STAFF_PATHS } from '../kernel/staff/paths';
import { usePageTitle } from './ui';

/** The first focusable element of every page: moves focus past the header to <main>. */
function SkipLink() {
  return (
    <a
      className="staff-skip"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        // Focus it ourselves: a hash change would be a route change for the router.
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

/**
 * A new page's heading takes focus (not on the first page shown), so a screen reader announces the page and the
 * next Tab starts at its top.
 */
function PageChangeFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function StaffRoot() {
  return (
    <>
      <SkipLink />
      <PageChangeFocus />
      <Outlet />
    </>
  );
}

/** The header every page has: the console's name, linking home. `children` sit at its right (who is signed in). */
export function StaffHeader({ children }: { children?: ReactNode }) {
  return (
    <div className="staff-header-inner">
      <Link className="staff-brand" to={STAFF_PATHS.home}>
        Staff console
      </Link>
      {children}
    </div>
  );
}

/** The pages before sign-in: the header without a menu, and a narrow column. */
export function PlainLayout() {
  return (
    <>
      <header className="staff-header">
        <StaffHeader />
      </header>
      <main id="main" tabIndex={-1} className="staff-main staff-narrow">
        <Outlet />
      </main>
    </>
  );
}

/** While a page's chunk loads at start-up. */
export function Loading() {
  return (
    <p role="status" className="staff-main">
      Loading…
    </p>
  );
}

/** A page that failed to load or render (its chunk could not be fetched after a release, say). */
export function StaffErrorScreen() {
  usePageTitle('Something went wrong');
  return (
    <main id="main" tabIndex={-1} className="staff-main staff-narrow">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reload the page to try again.</p>
      <p>
        <a href={STAFF_PATHS.home}>Go to the staff console’s home page</a>
      </p>
    </main>
  );
}
