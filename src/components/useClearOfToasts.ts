import { useLayoutEffect, type RefObject } from 'react';
import { BREAKPOINT_MOBILE_PX } from '../kernel/constants';

/** Space kept between the toasts and what is focused (the focus ring included). */
const GAP_PX = 8;
const PHONE = `(max-width: ${BREAKPOINT_MOBILE_PX}px)`;

/**
 * On a phone the toasts sit at the top edge, above where the applicant is working (the questions they go to next
 * are below what they just did: a toast at the foot of the screen covered them for its 10 s). While a toast shows,
 * what has focus is kept clear of it (WCAG 2.4.11): moved down from under it at once, and kept below it by the page's
 * scroll-padding when focus moves on.
 */
export function useClearOfToasts(region: RefObject<HTMLElement | null>, count: number) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const node = region.current;
    if (!node || count === 0 || !window.matchMedia?.(PHONE).matches) return;
    const bottom = node.getBoundingClientRect().bottom + GAP_PX;
    root.style.scrollPaddingTop = `${bottom}px`;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !node.contains(active)) {
      const top = active.getBoundingClientRect().top;
      if (top < bottom) window.scrollBy(0, top - bottom);
    }
    return () => {
      root.style.scrollPaddingTop = '';
    };
  }, [region, count]);
}
