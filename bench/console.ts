/**
 * The staff console at 50,000 applicants (issue "The staff console"): on PGlite, and on PostgreSQL when DATABASE_URL
 * is set, a fresh database is filled with `seed-demo` and an admin is enrolled through the API; then, against the
 * real server, each figure is measured three ways:
 * - at the server's door (HTTP from this process, keep-alive): the first page of the list, a search typed
 *   letter by letter (a misspelt last name: each prefix is one request, as a fast typist's would be), filters with
 *   sorts, opening an applicant, and the full export (its time, and the server's memory growth while it streams);
 * - in the database alone (the same functions the routes call, in this process, without HTTP or the audit row);
 * - from the browser (Chromium, the console's own pages): each call's time as the page saw it (Resource Timing),
 *   the time to the rows on screen (information), and the console's first download (gzip, level 9).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../server/src/app';
import { runCommand } from '../server/src/cli';
import { loadConfig } from '../server/src/config';
import { openDb } from '../server/src/db/client';
import { exportCsv } from '../server/src/staff/applicants/export';
import { listApplicants, type ListQuery } from '../server/src/staff/applicants/list';
import { applicantDetail } from '../server/src/staff/applicants/service';
import { STAFF_API, STAFF_PATHS } from '../src/kernel/staff/paths';
import { enrolmentLink, waitForMail } from '../testing/mail';
import { totpCode } from '../testing/totp';
import { fetchPastShedding, makeDataDir, serverEnv, startServer, type RunningServer } from './appServer';
import type { Response } from '@playwright/test';
import { benchContext, launchBrowser } from './browser';
import { BUDGETS } from './budgets';
import { check, log, percentile, round, withTimeout, type AreaOutput, type Check } from './common';

/** Applicants seeded (the deadline night). BENCH_CONSOLE_APPLICANTS to try another size. */
export const CONSOLE_APPLICANTS = Number(process.env.BENCH_CONSOLE_APPLICANTS || 50_000);
/** The staff admin the console area and the night area enrol (`staff add`, then the mailed link). */
export const STAFF_ADMIN = 'bench-admin@college.example';
const STAFF_PASSWORD = 'Console-Bench-2026!';
/**
 * Misspelt names typed per engine, and samples of each other figure. Sixty, so that a p95 is the fourth slowest
 * sample (nearest rank): of thirty it was the second slowest, and two calls that met PGlite's maintenance pass (it
 * holds the database for a few milliseconds every 30 s, server/src/db/vacuum.ts) were enough to set it.
 */
const NAMES = 20;
const SAMPLES = 60;
const BROWSER_SAMPLES = SAMPLES;

export interface Figure {
  /** p95 and median, ms, of each way measured (db: the same reads alone, in the database). */
  server: { p95: number; median: number; n: number };
  db: { p95: number; median: number; n: number };
  browser?: { p95: number; median: number; n: number; uiP95?: number };
}

export interface EngineResult {
  engine: 'PGlite' | 'PostgreSQL';
  applicants: number;
  seedSeconds: number;
  figures: Record<'firstPage' | 'search' | 'filterSort' | 'open', Figure>;
  /** Misspelt searches whose applicant was on the first page of results; the others, as typed. */
  searchFound: string;
  searchMissed: string[];
  /** The server's memory growth in MB (10^6 bytes, as the budget says). */
  export: { seconds: number; rows: number; memoryGrowthMB: number; dbSeconds: number };
  firstDownloadGzipBytes?: number;
  firstDownloadFiles?: string[];
}

export interface ConsoleResult {
  engines: EngineResult[];
}

const stats = (samples: number[]) => ({
  p95: round(percentile(samples, 0.95), 1),
  median: round(percentile(samples, 0.5), 1),
  n: samples.length,
});

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/** A misspelling staff make: one letter of the last name left out (not the first: they start right). */
function misspell(name: string): string {
  if (name.length < 5) return name;
  const at = 1 + crypto.randomInt(name.length - 2);
  return name.slice(0, at) + name.slice(at + 1);
}

/** The enrolment link's token mailed to `to` (testing/mail.ts reads the outbox). */
async function mailedEnrolToken(outboxDir: string, to: string): Promise<string> {
  const link = await waitForMail(`enrolment link mailed to ${to}`, () => enrolmentLink(outboxDir, to), {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
  return new URL(link).searchParams.get('token')!;
}

/** Enrols the admin through the API (the link's token, a password, a code): the staff session cookie. */
export async function enrol(server: RunningServer): Promise<string> {
  const token = await mailedEnrolToken(server.outboxDir, STAFF_ADMIN);
  const post = async (url: string, body: unknown) => {
    const res = await fetchPastShedding(`${server.baseUrl}${STAFF_API}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
    return res;
  };
  const { secret } = (await (await post('/enrol/start', { token })).json()) as { secret: string };
  const finished = await post('/enrol/finish', {
    token,
    password: STAFF_PASSWORD,
    confirm_password: STAFF_PASSWORD,
    code: totpCode(secret),
  });
  const cookie = finished.headers.getSetCookie().find((c) => /^(__Host-)?staff_sid=/.test(c));
  if (!cookie) throw new Error('enrolment set no staff session cookie');
  return cookie.split(';')[0];
}

interface Plan {
  names: { id: string; typed: string }[];
  ids: string[];
  filterSorts: string[];
}

/** Seeds the database in this process, before the server opens it (one process owns PGlite). */
async function seed(env: NodeJS.ProcessEnv): Promise<Plan> {
  const app = await buildApp(loadConfig(env, { logLevel: 'warn', staticDir: '/nonexistent' }));
  try {
    await runCommand(app, ['seed-demo', String(CONSOLE_APPLICANTS)]);
    await runCommand(app, ['staff', 'add', STAFF_ADMIN, '--role', 'admin']);
    const { rows: people } = await app.db.query<{ id: string; last: string }>(
      `SELECT a.user_id::text AS id, a.answer->>'last_name' AS last FROM applications a
        WHERE a.answer->>'last_name' <> '' ORDER BY random() LIMIT ${NAMES}`,
    );
    const { rows: ids } = await app.db.query<{ id: string }>(
      `SELECT user_id::text AS id FROM applications WHERE answer <> '{}'::jsonb ORDER BY random() LIMIT ${SAMPLES + 1}`,
    );
    const { rows: common } = await app.db.query<{ term: string; major: string }>(
      `SELECT entry_term AS term, major FROM applicant_list WHERE major <> '' GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`,
    );
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    return {
      names: people.map((p) => ({ id: p.id, typed: misspell(p.last) })),
      ids: ids.map((r) => r.id),
      filterSorts: [
        'status=submitted&sort=submitted&dir=desc',
        'sort=saved&dir=desc',
        'status=started&sort=last_name',
        'documents=failed&sort=saved&dir=desc',
        // The school report's filter (migration 017: an indexed bucket, as status is).
        'report=awaiting&sort=last_name',
        `term=${encodeURIComponent(common[0].term)}&major=${encodeURIComponent(common[0].major)}&sort=last_name&dir=desc`,
        `submittedFrom=${week}&sort=submitted`,
      ],
    };
  } finally {
    await app.close();
  }
}

const listQuery = (search: string) => Object.fromEntries(new URLSearchParams(search)) as ListQuery;

async function measureServer(server: RunningServer, cookie: string, plan: Plan) {
  const get = async (url: string) => {
    const res = await fetch(`${server.baseUrl}${STAFF_API}${url}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET ${url} → ${res.status}: ${body.slice(0, 200)}`);
    return body;
  };
  for (let i = 0; i < 5; i++) await get('/applicants'); // warm-up
  const firstPage: number[] = [];
  for (let i = 0; i < SAMPLES; i++) firstPage.push((await timed(() => get('/applicants')))[0]);
  const search: number[] = [];
  let found = 0;
  const missed: string[] = [];
  for (const { id, typed } of plan.names) {
    let body = '';
    for (let k = 1; k <= typed.length; k++) {
      const [ms, text] = await timed(() => get(`/applicants?q=${encodeURIComponent(typed.slice(0, k))}`));
      search.push(ms);
      body = text;
    }
    if ((JSON.parse(body) as { rows: { id: string }[] }).rows.some((row) => row.id === id)) found++;
    else missed.push(typed);
  }
  const filterSort: number[] = [];
  for (const query of plan.filterSorts) {
    for (let i = 0; i < 5; i++) filterSort.push((await timed(() => get(`/applicants?${query}`)))[0]);
  }
  const open: number[] = [];
  for (const id of plan.ids.slice(0, 3)) await get(`/applicants/${id}`); // warm-up
  for (const id of plan.ids.slice(0, SAMPLES)) open.push((await timed(() => get(`/applicants/${id}`)))[0]);

  // The full export, read as it streams, while the server's memory is sampled.
  const before = server.rssKib() ?? 0;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssKib() ?? 0)), 50);
  const [exportMs, csv] = await timed(() => get('/export/applications.csv'));
  clearInterval(sampler);
  const rows = (parse(csv, { columns: true }) as unknown[]).length;
  return {
    firstPage,
    search,
    searchFound: `${found} of ${plan.names.length}`,
    searchMissed: missed,
    filterSort,
    open,
    export: { seconds: round(exportMs / 1000, 2), rows, memoryGrowthMB: round(((peak - before) * 1024) / 1e6, 1) },
  };
}

/** The same reads in the database alone: the route's own functions, in this process, no HTTP and no audit row. */
async function measureDb(env: NodeJS.ProcessEnv, plan: Plan) {
  const config = loadConfig(env);
  const db = await openDb(config);
  const zone = config.collegeTimeZone;
  try {
    const list = async (search: string) => (await timed(() => listApplicants(db, listQuery(search), zone)))[0];
    for (let i = 0; i < 5; i++) await list('');
    const firstPage: number[] = [];
    for (let i = 0; i < SAMPLES; i++) firstPage.push(await list(''));
    const search: number[] = [];
    for (const { typed } of plan.names) {
      for (let k = 1; k <= typed.length; k++) search.push(await list(`q=${encodeURIComponent(typed.slice(0, k))}`));
    }
    const filterSort: number[] = [];
    for (const query of plan.filterSorts) for (let i = 0; i < 5; i++) filterSort.push(await list(query));
    const open: number[] = [];
    for (const id of plan.ids.slice(0, 3)) await applicantDetail(db, id); // warm-up
    for (const id of plan.ids.slice(0, SAMPLES)) open.push((await timed(() => applicantDetail(db, id)))[0]);
    const [exportMs] = await timed(async () => {
      for await (const chunk of exportCsv(db, 'applications', {}, zone, async () => {})) void chunk;
    });
    return { firstPage, search, filterSort, open, exportSeconds: round(exportMs / 1000, 2) };
  } finally {
    await db.close();
  }
}

/** In Chromium: each call as the page made it, the time to what the user waits for, and the first download. */
async function measureBrowser(server: RunningServer, cookie: string, plan: Plan, distDir: string) {
  const browser = await launchBrowser();
  try {
    const context = await benchContext(browser, server.baseUrl);
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.baseUrl, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    /** The browser's own time for a call (request start to response end), once it has finished. */
    const callTime = async (response: Promise<Response>) => {
      const res = await response;
      await res.finished();
      return res.request().timing().responseEnd;
    };
    const call = (pattern: RegExp) =>
      page.waitForResponse((res) => pattern.test(new URL(res.url()).pathname + new URL(res.url()).search));
    const rows = page.locator('table.staff-table tbody tr');

    // The first download: every script and style the console's first page fetched, as the build wrote them.
    await page.goto(STAFF_PATHS.applicants);
    await rows.first().waitFor({ timeout: 60_000 });
    const files = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /\.(js|css)$/.test(p)),
    );
    const gzipBytes = files
      .map((file) => path.join(distDir, file))
      .filter((file) => fs.existsSync(file))
      .reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length, 0);

    log('console: the browser opens the first page…');
    const firstPage: number[] = [];
    const firstPageUi: number[] = [];
    for (let i = 0; i < BROWSER_SAMPLES; i++) {
      const answered = call(new RegExp(`^${STAFF_API}/applicants(\\?|$)`));
      const [ms] = await timed(async () => {
        await page.goto(STAFF_PATHS.applicants);
        await rows.first().waitFor();
      });
      firstPageUi.push(ms);
      firstPage.push(await callTime(answered));
    }
    log('console: the browser searches…');
    const search: number[] = [];
    const searchUi: number[] = [];
    for (const { typed } of plan.names.slice(0, BROWSER_SAMPLES)) {
      await page.goto(STAFF_PATHS.applicants);
      await rows.first().waitFor();
      const box = page.getByLabel('Search by name or email');
      const answered = page.waitForResponse((res) => new URL(res.url()).searchParams.get('q') === typed);
      const answeredCall = callTime(answered);
      await box.pressSequentially(typed);
      const typedAt = performance.now();
      await answered;
      await page.locator('table.staff-table[aria-busy]').waitFor({ state: 'detached' });
      searchUi.push(performance.now() - typedAt);
      search.push(await answeredCall);
    }
    const open: number[] = [];
    const openUi: number[] = [];
    log('console: the browser opens applicants…');
    // The first opening also loads the page's own chunks: a warm-up, as the first page above was (hence SAMPLES + 1 ids).
    for (const [i, id] of plan.ids.slice(0, BROWSER_SAMPLES + 1).entries()) {
      const answered = callTime(call(new RegExp(`^${STAFF_API}/applicants/${id}$`)));
      const [ms] = await timed(async () => {
        await page.goto(`${STAFF_PATHS.applicants}/${id}`);
        await page.getByRole('heading', { name: 'Timeline' }).waitFor({ timeout: 30_000 });
      });
      if (i === 0) {
        await answered;
        continue;
      }
      openUi.push(ms);
      open.push(await answered);
    }
    return {
      gzipBytes,
      files,
      firstPage: { ...stats(firstPage), uiP95: round(percentile(firstPageUi, 0.95), 1) },
      search: { ...stats(search), uiP95: round(percentile(searchUi, 0.95), 1) },
      open: { ...stats(open), uiP95: round(percentile(openUi, 0.95), 1) },
    };
  } finally {
    await browser.close();
  }
}

async function runEngine(
  engine: EngineResult['engine'],
  distDir: string,
  port: number,
  databaseUrl?: string,
): Promise<EngineResult> {
  const dataDir = makeDataDir(`console-${engine.toLowerCase()}`);
  const schema = databaseUrl ? `bench_console_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const options = { port, dataDir, staticDir: distDir, databaseUrl, databaseSchema: schema };
  const env = serverEnv(options);
  let server: RunningServer | null = null;
  try {
    log(`console (${engine}): seeding ${CONSOLE_APPLICANTS} applicants…`);
    const [seedMs, plan] = await timed(() => seed(env));
    server = await startServer(options);
    const cookie = await enrol(server);
    log(`console (${engine}): measuring at the server…`);
    const http = await measureServer(server, cookie, plan);
    log(`console (${engine}): measuring in the browser…`);
    // Each step in the browser waits at most 30 s; the whole, at most 5 minutes (a hang is reported, not waited on).
    const browser = await withTimeout(measureBrowser(server, cookie, plan, distDir), 5 * 60_000, 'the browser');
    log(`console (${engine}): stopping the server…`);
    await server.stop();
    server = null;
    log(`console (${engine}): measuring in the database alone…`);
    const db = await measureDb(env, plan);
    return {
      engine,
      applicants: CONSOLE_APPLICANTS,
      seedSeconds: round(seedMs / 1000, 1),
      figures: {
        firstPage: { server: stats(http.firstPage), db: stats(db.firstPage), browser: browser.firstPage },
        search: { server: stats(http.search), db: stats(db.search), browser: browser.search },
        filterSort: { server: stats(http.filterSort), db: stats(db.filterSort) },
        open: { server: stats(http.open), db: stats(db.open), browser: browser.open },
      },
      searchFound: http.searchFound,
      searchMissed: http.searchMissed,
      export: { ...http.export, dbSeconds: db.exportSeconds },
      firstDownloadGzipBytes: browser.gzipBytes,
      firstDownloadFiles: browser.files,
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

export function consoleChecks(result: ConsoleResult): Check[] {
  const budget = BUDGETS.console;
  return result.engines.flatMap((e) => {
    const at = (figure: Figure, way: 'server' | 'browser') => figure[way]?.p95;
    const db = (figure: Figure) => `database alone p95 ${figure.db.p95} ms`;
    const { firstPage, search, filterSort, open } = e.figures;
    return [
      check(
        'console',
        `${e.engine}: first page, server p95`,
        at(firstPage, 'server'),
        'ms',
        { max: budget.firstPageP95MaxMs },
        db(firstPage),
      ),
      check('console', `${e.engine}: first page, browser p95`, at(firstPage, 'browser'), 'ms', {
        max: budget.firstPageP95MaxMs,
      }),
      check(
        'console',
        `${e.engine}: search as you type, server p95`,
        at(search, 'server'),
        'ms',
        { max: budget.searchP95MaxMs },
        `${db(search)}; misspelt name found ${e.searchFound}`,
      ),
      check('console', `${e.engine}: search as you type, browser p95`, at(search, 'browser'), 'ms', {
        max: budget.searchP95MaxMs,
      }),
      check(
        'console',
        `${e.engine}: filter + sort, server p95`,
        at(filterSort, 'server'),
        'ms',
        { max: budget.filterSortP95MaxMs },
        db(filterSort),
      ),
      check(
        'console',
        `${e.engine}: open an applicant, server p95`,
        at(open, 'server'),
        'ms',
        { max: budget.openP95MaxMs },
        db(open),
      ),
      check('console', `${e.engine}: open an applicant, browser p95`, at(open, 'browser'), 'ms', {
        max: budget.openP95MaxMs,
      }),
      check(
        'console',
        `${e.engine}: export of ${e.export.rows} rows`,
        e.export.seconds,
        's',
        { max: budget.exportMaxSeconds },
        `database alone ${e.export.dbSeconds} s`,
      ),
      check('console', `${e.engine}: server memory growth during the export`, e.export.memoryGrowthMB, 'MB', {
        max: budget.exportMemoryGrowthMaxMB,
      }),
      check('console', `${e.engine}: export rows = applicants`, e.export.rows, 'rows', {
        min: e.applicants,
        max: e.applicants,
      }),
      ...(e.engine === 'PGlite'
        ? [
            check(
              'console',
              'first download of the console (gzip)',
              round((e.firstDownloadGzipBytes ?? NaN) / 1024, 1),
              'KB',
              { max: budget.firstDownloadMaxKb },
            ),
          ]
        : []),
    ];
  });
}

export async function runConsole(distDir: string, port: number): Promise<AreaOutput<ConsoleResult>> {
  const engines = [await runEngine('PGlite', distDir, port)];
  if (process.env.DATABASE_URL) engines.push(await runEngine('PostgreSQL', distDir, port, process.env.DATABASE_URL));
  const result = { engines };
  return {
    data: result,
    checks: consoleChecks(result),
    notes: [
      `${CONSOLE_APPLICANTS} applicants from seed-demo (names from faker's lists in 18 locales); ${NAMES} misspelt last names typed letter by letter (each prefix one request: the page waits for a pause in typing, so a real typist sends fewer); ${SAMPLES} samples of the other figures; filters and sorts: ${'status, sort by submitted; sort by last saved; status, sort by name; documents failed, sort by saved; term and major; submitted in the last week'}.`,
      'Browser: each call as the page made it (Resource Timing), over ' +
        `${BROWSER_SAMPLES} runs; the time to rows on screen is given beside it (the search's includes the page's wait for a pause in typing).`,
      "The database alone: the route's own functions in this process (PGlite without its thread), no HTTP and no audit row.",
    ],
  };
}
