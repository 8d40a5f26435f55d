/**
 * jest setupFilesAfterEnv for the web project (jsdom via jest-fixed-jsdom): DOM matchers, the browser APIs antd 6
 * needs that jsdom lacks, and the msw server.
 */
import { resetLanguage } from '../src/features/language/i18n';
import { LANGUAGE_STORAGE_KEY } from '../src/kernel/i18n/languages';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from './msw/server';

/**
 * findBy…/waitFor give up after 5 s instead of 1 s: the first lazy import of antd's modal takes about 1 s on its
 * own, and these machines are shared. A passing test is not slowed; only a failing one waits longer.
 */
configure({ asyncUtilTimeout: 5000 });

/** antd 6 observes element sizes (Tabs, Select, Typography ellipsis…); jsdom has no layout, so observe nothing. */
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

/** jsdom throws "Not implemented" for getComputedStyle(el, '::before'), which antd's scroll-bar code calls. */
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

/** jsdom has no layout: scrolling (a page change starts at the top, app/PageChangeFocus.tsx) does nothing there. */
window.scrollTo = () => {};

/** antd's responsive code (Grid, breakpoints) calls matchMedia; jsdom does not define it. Nothing matches. */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// A request no handler answers fails the test: components must never reach the network unnoticed.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// The pages' translator is one per page, as in the app: each test starts in English, with nothing chosen before.
afterEach(() => {
  resetLanguage();
  document.documentElement.removeAttribute('lang');
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
