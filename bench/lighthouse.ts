/**
 * Lighthouse 12 through its Node API, in Debian's Chromium started by chrome-launcher with the issue's flags, mobile
 * simulated throttling with the CPU slowdown calibrated to the host (bench/cpuCalibration.ts; Lighthouse's default
 * 4× on a typical high-end desktop). Five runs per page; each figure is the median of its five values.
 * /about runs as the seeded applicant (a complete application, every conditional question shown): the session
 * cookies are put into the browser over CDP before the runs (Lighthouse clears caches, not cookies). /login, the
 * print view and the counselor's page (its mailed link) run without a session, each in a browser of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUDGETS } from './budgets';
import { check, CHROMIUM, CHROMIUM_FLAGS, log, median, OUT_DIR, round, type AreaOutput, type Check } from './common';
import type { CpuCalibration } from './common';

export interface LighthouseTarget {
  name: string;
  path: string;
  cookies?: { name: string; value: string }[];
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** What the browser fetched (Lighthouse's network-requests audit: transfer sizes, i.e. compressed). */
  jsTransferBytes: number;
  cssTransferBytes: number;
  jsRequests: number;
}

export interface LighthousePage {
  name: string;
  url: string;
  runs: LighthouseRun[];
  /** Runs that failed (and were run again). */
  retries: number;
  median: LighthouseRun;
  /** Failed accessibility audits of the last run (id: title). */
  accessibilityFailures: string[];
  /** The largest opportunities/diagnostics of the last run, for the reader. */
  topIssues: string[];
  reportHtml?: string;
}

export const LIGHTHOUSE_RUNS = 5;
/** Failed runs retried per page (a failed run is not counted in the median). */
const MAX_RETRIES = 2;

/** Puts cookies into the browser (browser-wide CDP Storage.setCookies) before Lighthouse navigates. */
async function setCookies(port: number, origin: string, cookies: { name: string; value: string }[]) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error('CDP connection failed'));
  });
  const url = new URL(origin);
  const done = new Promise<void>((resolve, reject) => {
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (message.id !== 1) return;
      if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
      else resolve();
    };
  });
  ws.send(
    JSON.stringify({
      id: 1,
      method: 'Storage.setCookies',
      params: {
        cookies: cookies.map((c) => ({
          name: c.name,
          value: c.value,
          domain: url.hostname,
          path: '/',
          httpOnly: c.name === 'sid',
          sameSite: 'Lax',
        })),
      },
    }),
  );
  await done;
  ws.close();
}

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: { type?: string; items?: Record<string, unknown>[]; overallSavingsMs?: number };
    }
  >;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};

function summarizeRun(lhr: Lhr): LighthouseRun {
  const a = lhr.audits;
  const num = (id: string) => a[id]?.numericValue ?? NaN;
  const requests = (a['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  const bytesOf = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: round((lhr.categories.performance?.score ?? NaN) * 100, 0),
    accessibility: round((lhr.categories.accessibility?.score ?? NaN) * 100, 0),
    lcpMs: round(num('largest-contentful-paint'), 0),
    tbtMs: round(num('total-blocking-time'), 0),
    cls: round(num('cumulative-layout-shift'), 4),
    fcpMs: round(num('first-contentful-paint'), 0),
    jsTransferBytes: bytesOf('Script'),
    cssTransferBytes: bytesOf('Stylesheet'),
    jsRequests: requests.filter((r) => r.resourceType === 'Script').length,
  };
}

function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const keys = Object.keys(runs[0]) as (keyof LighthouseRun)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseRun;
}

function topIssues(lhr: Lhr): string[] {
  const perfIds = [
    'bootup-time',
    'mainthread-work-breakdown',
    'unused-javascript',
    'render-blocking-resources',
    'largest-contentful-paint-element',
    'long-tasks',
    'dom-size',
    'unminified-javascript',
    'uses-text-compression',
    'legacy-javascript',
    'third-party-summary',
  ];
  return perfIds
    .map((id) => lhr.audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** A page to run Lighthouse on: its full URL, and the session cookies to put into its browser first. */
export interface LighthouseUrl {
  name: string;
  url: string;
  cookies?: { name: string; value: string }[];
}

type Launched = Awaited<ReturnType<typeof import('chrome-launcher').launch>>;

/**
 * Where each run starts: a page of the target's own origin (a path no server here answers but with a small 404 and
 * its usual headers), not Lighthouse's default about:blank. Lighthouse loads a page in the renderer its blank page
 * already runs in; a page sent with `Cross-Origin-Opener-Policy: same-origin` (ours, by helmet) cannot share
 * about:blank's browsing context group, so Chromium starts a new renderer for it, and Chromium 156 puts that cold
 * start (V8 context creation ~100 ms, the first layout's font loading) into the page's trace as unattributed long
 * tasks: the print view, which runs no script, measured TBT 200–450 ms that way and 12–23 ms from a blank page of
 * its origin, and a static copy of its HTML 60 ms without the header, 280 ms with it. Starting every target, ours
 * and the peers', from its own origin measures each in a warm renderer, as Lighthouse's default does for a page
 * without the header. (A real first visit comes from another site and pays a new renderer whatever the headers.)
 */
function blankPageOf(url: string): string {
  return new URL('/api/lighthouse-blank', url).href;
}

/**
 * One Lighthouse run of a page in a running Chromium, at CPU slowdown `cpuSlowdown` (the rest of the throttling is
 * Lighthouse's mobile default): its result, and the HTML report.
 */
async function lighthouseOnce(
  chrome: Launched,
  url: string,
  cpuSlowdown: number,
): Promise<{ lhr: Lhr; html?: string }> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port: chrome.port,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    blankPage: blankPageOf(url),
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return { lhr, html: Array.isArray(result.report) ? result.report[1] : undefined };
}

/** A page's runs summed up: medians, the last run's accessibility failures and diagnostics, its HTML report. */
function pageResult(
  target: LighthouseUrl,
  runs: LighthouseRun[],
  last: Lhr,
  html: string | undefined,
  retries: number,
): LighthousePage {
  let reportHtml: string | undefined;
  if (html) {
    const slug = target.name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    reportHtml = path.join(OUT_DIR, `lighthouse-${slug}.html`);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(reportHtml, html);
  }
  const accessibilityFailures = (last.categories.accessibility?.auditRefs ?? [])
    .map((ref) => last.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    name: target.name,
    url: target.url.replace(/service_token=[^&]+/, 'service_token=…'),
    runs,
    retries,
    median: medianRun(runs),
    accessibilityFailures,
    topIssues: topIssues(last),
    ...(reportHtml ? { reportHtml: path.relative(process.cwd(), reportHtml) } : {}),
  };
}

/**
 * `rounds` Lighthouse runs of each target, each target in a Chromium of its own (its cookies put in first),
 * interleaved: round r runs every target once, the order rotated by one per round (A B C, B C A, C A B…), so that a
 * slow spell of the shared machine does not fall on one target's runs only. A failed run is run again (up to
 * MAX_RETRIES per target) and not counted; a target whose retries are spent is dropped and named in `errors`.
 */
export async function runLighthouseRounds(
  targets: readonly LighthouseUrl[],
  cpuSlowdown: number,
  rounds = LIGHTHOUSE_RUNS,
): Promise<{ pages: LighthousePage[]; errors: string[] }> {
  const chromeLauncher = await import('chrome-launcher');
  const state = targets.map((target) => ({
    target,
    chrome: undefined as Launched | undefined,
    runs: [] as LighthouseRun[],
    last: undefined as Lhr | undefined,
    html: undefined as string | undefined,
    retries: 0,
    error: undefined as string | undefined,
  }));
  try {
    for (const s of state) {
      s.chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
      if (s.target.cookies) await setCookies(s.chrome.port, new URL(s.target.url).origin, s.target.cookies);
    }
    for (let round = 0; round < rounds; round++) {
      const order = state.map((_, i) => state[(i + round) % state.length]);
      for (const s of order) {
        while (!s.error && s.runs.length <= round) {
          try {
            const { lhr, html } = await lighthouseOnce(s.chrome!, s.target.url, cpuSlowdown);
            s.runs.push(summarizeRun(lhr));
            s.last = lhr;
            s.html = html ?? s.html;
            const run = s.runs.at(-1)!;
            log(
              `  lighthouse ${s.target.name} run ${s.runs.length}: perf ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`,
            );
          } catch (error) {
            const text = error instanceof Error ? error.message : String(error);
            // Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP…) is to run again.
            if (s.retries >= MAX_RETRIES) s.error = text;
            else {
              s.retries += 1;
              log(`  lighthouse ${s.target.name} run ${s.runs.length + 1} failed, retrying: ${text}`);
            }
          }
        }
      }
    }
  } finally {
    for (const s of state) s.chrome?.kill();
  }
  return {
    pages: state.filter((s) => !s.error && s.last).map((s) => pageResult(s.target, s.runs, s.last!, s.html, s.retries)),
    errors: state.filter((s) => s.error).map((s) => `${s.target.name}: ${s.error}`),
  };
}

export async function runLighthouse(
  baseUrl: string,
  targets: LighthouseTarget[],
  cpu: CpuCalibration,
): Promise<AreaOutput<LighthousePage[]>> {
  const pages: LighthousePage[] = [];
  const errors: string[] = [];
  // One page after the other, each in a browser of its own (its five runs in a row).
  for (const target of targets) {
    try {
      const done = await runLighthouseRounds([{ ...target, url: `${baseUrl}${target.path}` }], cpu.slowdown);
      pages.push(...done.pages);
      errors.push(...done.errors);
    } catch (error) {
      errors.push(`${target.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const b = BUDGETS.lighthouse;
  const checks: Check[] = pages.flatMap((p) => [
    check('lighthouse', `Performance score, ${p.name}`, p.median.performance, '', { min: b.performanceMin }),
    check('lighthouse', `LCP, ${p.name}`, p.median.lcpMs, 'ms', { max: b.lcpMaxMs }),
    check('lighthouse', `TBT, ${p.name}`, p.median.tbtMs, 'ms', { max: b.tbtMaxMs }),
    check('lighthouse', `CLS, ${p.name}`, p.median.cls, '', { max: b.clsMax }),
    check('lighthouse', `Accessibility score, ${p.name}`, p.median.accessibility, '', { min: b.accessibilityMin }),
    // What the browser really fetched while loading (chunks imported at run time included), in brotli transfer
    // bytes: gzip would be larger, so a miss here is a miss of the gzip budget too.
    check(
      'lighthouse',
      `JS fetched while loading (brotli transfer), ${p.name}`,
      Number((p.median.jsTransferBytes / 1024).toFixed(1)),
      'KB',
      { max: BUDGETS.bundle.firstDownloadJsGzipBytes / 1024 },
      'Lighthouse network-requests; the bundle budget applied to what was fetched, not only the static chunks',
    ),
  ]);
  for (const error of errors) {
    checks.push({ area: 'lighthouse', name: `Lighthouse ${error}`, value: null, unit: '', budget: '—', pass: false });
  }
  if (pages.length === 0) throw new Error(errors.join('; '));
  return { data: pages, checks, cpu, notes: errors.map((e) => `Failed: ${e}`) };
}
