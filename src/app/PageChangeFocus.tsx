import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Frames to wait for a lazily loaded page's heading before giving up. */
const HEADING_WAIT_FRAMES = 30;

/**
 * Moves to the top of the new page: the window scrolls up and the page's heading takes focus, so a screen reader
 * announces the new page and the next Tab starts from its top. Without it, Save and Continue opened the next page
 * scrolled to its bottom, its own Save and Continue under the finger, with focus left on the button or on body.
 * Not on the first page shown, not for a link to /page#field (that field takes focus), and not when the new page
 * already moved focus into itself (the missing-information summary, an account card's first invalid field).
 */
export function PageChangeFocus() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash.length > 1) return;
    window.scrollTo(0, 0);
    let frames = 0;
    let frame = 0;
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      if (!heading) {
        if ((frames += 1) < HEADING_WAIT_FRAMES) frame = requestAnimationFrame(focusHeading);
        return;
      }
      if (heading.parentElement?.contains(document.activeElement) && document.activeElement !== document.body) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
    // Only a change of page moves focus; the hash is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
