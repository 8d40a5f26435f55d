import { WELCOME_BANNER_MAX_LOGINS } from './constants';
import { AUTH_PATHS, FORM_PAGES } from './paths';

/**
 * Pre-rendered page shells. The production build renders each route's first screen to static HTML
 * (src/firstPaint/renderShell.tsx) and the server sends it inside index.html, so the page paints before the
 * JavaScript has arrived (LCP on a slow phone). The app removes the shell when its own first render commits
 * (src/firstPaint/removeShell.ts). A shell is inert: nothing typed into it could be lost before the app takes over.
 *
 * One list, read by the build (which shells to render) and by the server (which shell a request gets).
 */
export interface ShellVariant {
  /** File name under dist/shells/ (without .html). */
  name: string;
  path: string;
  /** Rendered as a logged-in applicant (account menu, add-another buttons) rather than a visitor. */
  loggedIn: boolean;
  /**
   * An applicant's login count, from the marker cookie (features/session/loginCookie.ts): the first logins get the
   * welcome banner. Absent: an applicant without the banner.
   */
  numLogins?: number;
  /** The route's lazy chunk groups (webpackChunkName in src/app/router.tsx): their CSS is inlined, their JS started after the paint. */
  chunks: string[];
  /**
   * The print view's page (PRINT_VIEW_VARIANTS): rendered whole by the server per request into PRINT_VIEW_SLOT, with
   * no script.
   */
  perRequest?: true;
}

const slug = (path: string) => path.replace(/^\//, '');

/** The login counts whose first screen has a welcome banner (features/banners/welcome.ts). */
const WELCOMED_LOGINS = Array.from({ length: WELCOME_BANNER_MAX_LOGINS - 1 }, (_, i) => i + 1);

export const SHELL_VARIANTS: readonly ShellVariant[] = [
  ...AUTH_PATHS.map((path) => ({
    name: slug(path),
    path,
    loggedIn: false,
    chunks: ['layout-auth', `page-${slug(path)}`],
  })),
  ...FORM_PAGES.flatMap(({ path }) => {
    const chunks = ['layout-form', `page-${slug(path)}`];
    return [
      { name: slug(path), path, loggedIn: false, chunks },
      { name: `${slug(path)}-applicant`, path, loggedIn: true, chunks },
      ...WELCOMED_LOGINS.map((numLogins) => ({
        name: `${slug(path)}-applicant-${numLogins}`,
        path,
        loggedIn: true,
        numLogins,
        chunks,
      })),
    ];
  }),
];

/**
 * The print view's pages (SPEC §1: every page's answers, read-only, to read and print). No build can know an
 * applicant's answers, so the build writes each page with PRINT_VIEW_SLOT in its root, and the server renders the
 * view into it per request (server/src/printView/page.ts) from the form definition, with the app's own components
 * and store (src/firstPaint/renderPrintView.tsx).
 * Read-only, the page is complete as it arrives: it carries no script, so staff see the answers at once and a slow
 * computer spends nothing on starting the app (whose own print view is what a page the server could not render gets).
 * Their CSS is their chunk groups', inlined.
 */
export const PRINT_VIEW_VARIANTS: readonly ShellVariant[] = FORM_PAGES.map(({ path }) => ({
  name: `${slug(path)}-print-view`,
  path,
  loggedIn: false,
  chunks: ['layout-form', `page-${slug(path)}`, 'print-view'],
  perRequest: true,
}));

/** Where the server writes the print view into its page (an HTML comment: no rendered markup contains it). */
export const PRINT_VIEW_SLOT = '<!--print-view-->';

/**
 * The Node bundle that renders the print view (src/firstPaint/renderPrintView.tsx), under the build's folder. The server
 * loads it from there and never serves it (server/src/http/static.ts).
 */
export const PRINT_VIEW_RENDERER = 'ssr/print-view.cjs';

/** The id of the shell's container in index.html (the app's own root is #root). */
export const SHELL_ELEMENT_ID = 'shell';

/**
 * How long the app's first render waits, while a shell shows, for the start-up loads (the applicant's saved
 * answers and the rest of the account). Rendering before they arrive means rendering every question twice, the
 * second time in one long task; and a field typed into before the saved copy arrives overwrites it. On a link so
 * slow that the loads take longer, the app renders anyway and the answers fill in when they come.
 */
export const SHELL_DATA_WAIT_MS = 5000;

/**
 * A shell page runs the app's scripts only after the shell has painted. Instead of index.html's <script defer>,
 * SHELL_START_SCRIPT adds the <script> elements, in order, after the first paint: the app's own scripts (webpack's
 * initial chunks), then the route's lazy chunks. Their downloads start then, not preloaded: until the first paint the
 * connection carries only what the first frame needs, and a script fetched by its own element is compiled while it
 * downloads, off the main thread (webpack.config.ts says what a preload cost).
 * With `defer`, scripts that were ready before the first frame (a fast connection, or the browser's cache on an
 * applicant's return) ran first, and a slow phone showed the shell only after evaluating them (figures:
 * bench/HISTORY.md). The start script reads the files, in order, from this attribute of its own element.
 */
export const SHELL_SCRIPTS_ATTRIBUTE = 'data-scripts';

/**
 * The inline script that starts the app's scripts once the browser reports the shell's first paint (Paint Timing,
 * which comes after the frame is on screen: starting at the frame itself let a slow phone's scripts run before the
 * frame was shown), after the next frame where Paint Timing is missing, at once in a tab the user cannot see (no
 * frames there), and after a second at the latest. Its text is fixed, so the server's Content-Security-Policy
 * allows it by hash (server/src/app.ts) and no other inline script can run.
 */
export const SHELL_START_SCRIPT =
  '(function(){var d=document,me=d.currentScript,started=false;' +
  'function start(){if(started)return;started=true;' +
  `me.getAttribute('${SHELL_SCRIPTS_ATTRIBUTE}').split(' ').forEach(function(src){` +
  "var s=d.createElement('script');s.src=src;s.async=false;d.body.appendChild(s)})}" +
  "if(d.visibilityState==='hidden')return start();" +
  'setTimeout(start,1000);' +
  "try{new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start,0)}).observe({type:'paint',buffered:true})}" +
  'catch(e){requestAnimationFrame(function(){setTimeout(start,0)})}})()';

/**
 * The shell a page request gets, or undefined (the plain index.html). A logged-in applicant on an account page
 * gets none: the app may send them elsewhere, and a wrong first screen is worse than a blank one. The print view
 * gets its page rendered per request (a build-time shell could say only "Loading…").
 */
export function shellFor(
  pathname: string,
  request: { loggedIn: boolean; printView: boolean; numLogins?: number },
): ShellVariant | undefined {
  if (request.printView) return PRINT_VIEW_VARIANTS.find((variant) => variant.path === pathname);
  const numLogins = request.numLogins && WELCOMED_LOGINS.includes(request.numLogins) ? request.numLogins : undefined;
  return SHELL_VARIANTS.find(
    (variant) => variant.path === pathname && variant.loggedIn === request.loggedIn && variant.numLogins === numLogins,
  );
}
