/**
 * `npm run bench`: builds the SPA for production (into bench/out/dist, so dist/ and the e2e suite are left alone),
 * starts the real server on a fresh embedded database in a temp DATA_DIR on port 3200 with a seeded applicant, and
 * measures, one module per area: bundle, Lighthouse, typing, validation, server load, documents, browser memory,
 * About You against the same page in SurveyJS and Form.io (peers: bench/peers), and the staff console at 50,000
 * applicants (console.ts, on databases of its own), and the whole deadline night (night.ts, the same).
 * Writes bench/report.md and bench/report.json; each figure is held against bench/budgets.ts.
 *
 * Every area fails soft: a crash (or a time-out) is written into the report for that area and the others still
 * run. The run is green (exit code 0) only when every area ran and every figure meets its budget; otherwise the
 * report says which did not, and the exit code is 1.
 *
 * Settings: BENCH_SECONDS (autocannon seconds per run, default 10), BENCH_CPU_SLOWDOWN (a fixed CPU slowdown for the
 * browser areas instead of the calibrated one: bench/cpuCalibration.ts), BENCH_CAPACITY_STEP_SECONDS (seconds per
 * step of the server's capacity search, default 10; shorter for smoke runs only), BENCH_PORT (default 3200),
 * DATABASE_URL (the PostgreSQL the server and the console are measured on; without it, a cluster of the bench's own:
 * postgres.ts), BENCH_POSTGRES=off (PGlite only), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_ONLY (a
 * comma-separated list of areas, e.g. `lighthouse,typing`: runs only those and writes the report into bench/out/
 * instead, so the committed full report is not replaced by a partial one), BENCH_RECORD=merge (with BENCH_ONLY: the
 * areas run replace theirs in the committed report instead, which then lists that partial run: reportMerge.ts),
 * BENCH_NIGHT_STEP_SECONDS (seconds per step of the night area's search, default 20; shorter for smoke runs only).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_PORT,
  buildSpa,
  logIn,
  makeDataDir,
  seedDatabase,
  serverEnv,
  startServer,
  type RunningServer,
} from './appServer';
import { runBundle } from './bundle';
import { CONSOLE_APPLICANTS, runConsole } from './console';
import {
  CHROMIUM,
  loadAverage,
  log,
  NOISY_LOAD,
  SETTLED_LOAD,
  OUT_DIR,
  ROOT,
  sleep,
  withTimeout,
  type AreaOutput,
  type Check,
} from './common';
import { calibrateCpu, cpuSetting } from './cpuCalibration';
import { runDocuments } from './documents';
import { LIGHTHOUSE_RUNS, runLighthouse } from './lighthouse';
import { runMemory } from './memory';
import { PEER_TYPING_ROUNDS, runPeers } from './peers/area';
import { PEERS, peerPackageVersion } from './peers/build';
import { startBenchPostgres, type BenchPostgres } from './postgres';
import { AREA_ORDER, renderMarkdown, writeReport, type Areas, type Report } from './report';
import { mergeReport } from './reportMerge';
import type { AreaReport } from './reportArea';
import { capacityStepSeconds } from './capacity';
import { benchSeconds, CONNECTION_LEVELS, runServer, serverAreaTimeoutMs } from './server';
import { nightStepSeconds, nightTimeoutMs, runNight } from './night';
import { KEYSTROKES, runTyping } from './typing';
import { runValidation } from './validation';

const KEY_PACKAGES = [
  'react',
  'react-dom',
  'antd',
  '@reduxjs/toolkit',
  'react-router-dom',
  'formik',
  'yup',
  'fastify',
  '@electric-sql/pglite',
  'pg',
  'pdf-lib',
  'pdfkit',
  'webpack',
  '@swc/core',
  'typescript',
  'lighthouse',
  'chrome-launcher',
  '@playwright/test',
  'autocannon',
];

function packageVersion(name: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (error) {
    return `unavailable (${error instanceof Error ? error.message : String(error)})`;
  }
}

function osName(): string {
  let distro = '';
  try {
    distro = fs.readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)"?/m)?.[1] ?? '';
  } catch {
    // not Linux
  }
  return `${distro || os.platform()} (kernel ${os.release()}, ${os.arch()})`;
}

/** How long an area waits for the machine's load to settle to SETTLED_LOAD before it starts anyway. */
const SETTLE_MS = 120_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

async function runArea<T>(
  name: keyof Areas,
  title: string,
  timeoutMs: number,
  fn: () => Promise<AreaOutput<T>>,
): Promise<AreaReport<T>> {
  // The one-minute load average still holds the previous area's own work (Chromium, the server): the area waits
  // for it to settle (at most SETTLE_MS). The load it starts at is recorded, and its figures flagged as noisy when
  // other work was still competing with it.
  const settleStart = Date.now();
  while (loadAverage() > SETTLED_LOAD && Date.now() - settleStart < SETTLE_MS) await sleep(5_000);
  const loadBefore = Math.round(loadAverage() * 100) / 100;
  const noisy = loadBefore > NOISY_LOAD;
  log(`${title}… (load average ${loadBefore}${noisy ? ': noisy' : ''})`);
  const start = Date.now();
  const startedAt = new Date(start).toISOString();
  try {
    const out = await withTimeout(fn(), timeoutMs, title);
    log(`${title}: done in ${((Date.now() - start) / 1000).toFixed(0)} s`);
    return {
      title,
      ok: true,
      durationMs: Date.now() - start,
      startedAt,
      loadBefore,
      ...(out.cpu ? { cpu: out.cpu } : {}),
      data: out.data,
      notes: out.notes ?? [],
      checks: out.checks.map((c) => (noisy ? { ...c, noisy } : c)),
    };
  } catch (error) {
    log(`${title}: FAILED: ${message(error)}`);
    const failed: Check = {
      area: name,
      name: `${title}: did not run`,
      value: null,
      unit: '',
      budget: '—',
      pass: false,
    };
    return {
      title,
      ok: false,
      durationMs: Date.now() - start,
      startedAt,
      loadBefore,
      error: message(error),
      notes: [],
      checks: [failed],
    };
  }
}

const MINUTE = 60_000;

const ONLY = process.env.BENCH_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const wanted = (name: keyof Areas) => !ONLY || ONLY.includes(name);
/**
 * BENCH_RECORD=merge (with BENCH_ONLY): the areas run replace theirs in the committed bench/report.json and
 * bench/report.md is written again from it (reportMerge.ts); without it a partial run writes into bench/out/.
 */
const RECORD = process.env.BENCH_RECORD;
if (RECORD !== undefined && RECORD !== '' && (RECORD !== 'merge' || !ONLY)) {
  console.error('BENCH_RECORD takes one value, merge, and only with BENCH_ONLY (a full run records itself).');
  process.exit(2);
}
const COMMITTED = path.join(ROOT, 'bench');

/** Writes the run's report: the full report, a partial one into bench/out/, or a partial one merged in. */
async function record(report: Report) {
  if (!ONLY) return writeReport(report, COMMITTED);
  if (RECORD !== 'merge') return writeReport(report, OUT_DIR);
  const committed = JSON.parse(fs.readFileSync(path.join(COMMITTED, 'report.json'), 'utf8')) as Report;
  const ran = AREA_ORDER.filter((name) => ONLY!.includes(name));
  return writeReport(mergeReport(committed, report, ran), COMMITTED);
}

async function main() {
  const started = Date.now();
  const seconds = benchSeconds();
  const capacitySeconds = capacityStepSeconds();
  const distDir = path.join(OUT_DIR, 'dist');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const areas: Partial<Areas> = {};
  let postgres: BenchPostgres | null = null;

  log('production build…');
  const buildStart = Date.now();
  let buildError: string | undefined;
  try {
    await withTimeout(buildSpa(distDir), 5 * MINUTE, 'webpack');
  } catch (error) {
    buildError = message(error);
    log(`build FAILED: ${buildError}`);
  }
  const buildInfo = {
    ok: !buildError,
    durationMs: Date.now() - buildStart,
    distDir: path.relative(ROOT, distDir),
    ...(buildError ? { error: buildError } : {}),
  };
  const needBuild = () => {
    if (buildError) throw new Error(`no production build (${buildError.slice(0, 200)})`);
  };

  if (wanted('bundle'))
    areas.bundle = await runArea('bundle', 'Bundle', 2 * MINUTE, async () => {
      needBuild();
      return runBundle(distDir);
    });
  if (wanted('validation')) areas.validation = await runArea('validation', 'Validation', 2 * MINUTE, runValidation);
  if (wanted('documents')) areas.documents = await runArea('documents', 'Documents', 5 * MINUTE, runDocuments);

  // The real server, on a fresh embedded database with the seeded applicant and a staff service token.
  let server: RunningServer | null = null;
  let seeded: { username: string; serviceToken: string; counselorToken: string } | null = null;
  let serverError: string | undefined;
  const dataDir = makeDataDir('main');
  const needsServer = (['lighthouse', 'typing', 'memory', 'peers', 'server'] as const).some(wanted);
  if (needsServer)
    try {
      log(`seeding a fresh database in ${dataDir} and starting the server on port ${BENCH_PORT}…`);
      const options = { port: BENCH_PORT, dataDir, staticDir: distDir };
      seeded = await seedDatabase(serverEnv(options));
      server = await startServer(options);
    } catch (error) {
      serverError = message(error);
      log(`server FAILED: ${serverError}`);
    }
  const needServer = () => {
    if (!server || !seeded) throw new Error(`the server did not start (${serverError?.slice(0, 300)})`);
    return { server, seeded };
  };

  try {
    if (wanted('lighthouse'))
      areas.lighthouse = await runArea('lighthouse', 'Lighthouse', 12 * MINUTE, async () => {
        needBuild();
        const { server: s, seeded: seed } = needServer();
        const applicant = await logIn(s, seed.username);
        const cpu = await calibrateCpu();
        return runLighthouse(
          s.baseUrl,
          [
            { name: '/login', path: '/login' },
            { name: '/about', path: '/about', cookies: applicant.cookies },
            { name: 'print view', path: `/about?service_token=${seed.serviceToken}` },
            // A counselor opens it on a school's old desktop or a phone: held to the applicant pages' budgets.
            { name: 'counselor page', path: `/counselor/school-report#t=${seed.counselorToken}` },
          ],
          cpu,
        );
      });
    if (wanted('typing'))
      areas.typing = await runArea('typing', 'Typing', 4 * MINUTE, async () => {
        needBuild();
        const { server: s } = needServer();
        return runTyping(s, await calibrateCpu());
      });
    if (wanted('memory'))
      areas.memory = await runArea('memory', 'Browser memory', 4 * MINUTE, async () => {
        needBuild();
        return runMemory(needServer().server);
      });
    if (wanted('peers'))
      areas.peers = await runArea('peers', 'Peers', 30 * MINUTE, async () => {
        needBuild();
        const { server: s, seeded: seed } = needServer();
        return runPeers(s, distDir, seed.username, await calibrateCpu());
      });
    // PostgreSQL for the server's and the console's areas: DATABASE_URL's, or a cluster of the bench's own.
    if (wanted('server') || wanted('console') || wanted('night')) postgres = await startBenchPostgres();
    const serverTimeout = serverAreaTimeoutMs(seconds, postgres ? 2 : 1, capacitySeconds);
    if (wanted('server'))
      areas.server = await runArea('server', 'Server', serverTimeout, () =>
        runServer(server, distDir, capacitySeconds),
      );
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The staff console on databases of its own (50,000 applicants each), once the main server has stopped.
  try {
    if (wanted('console'))
      areas.console = await runArea('console', 'Staff console', (postgres ? 50 : 25) * MINUTE, async () => {
        needBuild();
        return runConsole(distDir, BENCH_PORT);
      });
    // The whole night, on databases of its own (PostgreSQL with two server processes, then PGlite).
    if (wanted('night'))
      areas.night = await runArea(
        'night',
        'The whole night',
        nightTimeoutMs(nightStepSeconds(), postgres ? 2 : 1),
        async () => {
          needBuild();
          return runNight(distDir, BENCH_PORT);
        },
      );
  } finally {
    postgres?.stop();
  }

  const ordered: Partial<Areas> = Object.fromEntries(AREA_ORDER.map((name) => [name, areas[name]]));
  const checks = Object.values(ordered).flatMap((area) => area?.checks ?? []);
  const report: Report = {
    generatedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
      os: osName(),
    },
    versions: {
      node: process.version,
      chromium: chromiumVersion(),
      ...Object.fromEntries(KEY_PACKAGES.map((name) => [name, packageVersion(name)])),
      ...(wanted('peers')
        ? Object.fromEntries(
            PEERS.flatMap((p) => p.packages).map((name) => [`${name} (peers)`, peerPackageVersion(name)]),
          )
        : {}),
    },
    settings: {
      BENCH_SECONDS: seconds,
      port: BENCH_PORT,
      database: postgres ? `PGlite, and PostgreSQL (${postgres.description})` : 'PGlite (embedded)',
      'Lighthouse runs per page': LIGHTHOUSE_RUNS,
      'typing keystrokes': KEYSTROKES,
      'CPU slowdown (browser areas)': cpuSetting(),
      'load sessions': CONNECTION_LEVELS.join(', '),
      ...(wanted('server') ? { 'capacity step seconds (BENCH_CAPACITY_STEP_SECONDS)': capacitySeconds } : {}),
      ...(wanted('console') ? { 'console applicants': CONSOLE_APPLICANTS } : {}),
      ...(wanted('night') ? { 'night step seconds (BENCH_NIGHT_STEP_SECONDS)': nightStepSeconds() } : {}),
      ...(wanted('peers') ? { 'peers typing rounds': PEER_TYPING_ROUNDS } : {}),
    },
    build: buildInfo,
    areas: ordered,
    checks,
    misses: checks.filter((c) => !c.pass),
  };
  const files = await record(report);
  process.stdout.write(renderMarkdown(report).split('## 1.')[0]);
  log(`wrote ${path.relative(ROOT, files.md)} and ${path.relative(ROOT, files.json)}`);
  const crashed = Object.values(ordered).some((area) => area && !area.ok) || Boolean(buildError);
  const noisy = report.misses.filter((c) => c.noisy).length;
  if (report.misses.length > 0) {
    log(`${report.misses.length} figure(s) miss their budget${noisy ? ` (${noisy} taken on a noisy machine)` : ''}`);
  }
  process.exit(crashed || report.misses.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
