/**
 * Server: autocannon on loopback against PUT /api/answer and GET /api/profile with 10, 50 and 100 logged-in
 * sessions (one applicant and one session cookie per connection, each applicant holding a complete application),
 * BENCH_SECONDS (default 10) per run, on the PGlite server of the run and, when DATABASE_URL is set, on a second
 * server on PostgreSQL (a schema of its own, dropped afterwards).
 *
 * The budget holds PUT /api/answer's req/s against the save statement alone at the same concurrency (dbRate.ts).
 * Two more references, information only, each at every level: the floor, the same statement behind a bare Fastify
 * route loaded the same way (bareRoute.ts: what any HTTP server reaches here), and the ceiling, GET /api/profile
 * without a cookie. The ceiling goes through the same Fastify stack as the measured routes (request id, helmet
 * headers, cookie parsing, the CSRF hook, the /api plugin's onRequest session hook, the error handler, JSON
 * serialization) and stops where the session lookup would query the database (no cookie → 401, no query); its
 * 401s are expected, anything else counts as an error.
 *
 * PUT /api/answer, the statement alone and the bare route are measured in ROUNDS interleaved rounds at each level
 * (PUT, statement, bare route, then again): each figure reported is the median round's, each share the median of the
 * rounds' own shares, so the machine's drift during the area reaches the three alike.
 *
 * Then, at the most sessions, the capacity at the latency goal (serverCapacity.ts): for PUT /api/answer and for the
 * floor, the highest offered rate in an open loop whose p99 meets the goal with no errors, searched from half of each
 * one's closed-loop rate, the two searches in turns; the budget holds ours as a share of the floor's. autocannon's
 * closed loop keeps every connection busy, so its latency at 100 sessions is 100 ÷ the rate it reaches (reported as
 * information).
 *
 * The server runs as npm start runs it: on PostgreSQL one process per core (SERVER_PROCESSES's default), and the
 * bare route with as many. The server's RSS (VmRSS of all its processes, summed) is read before the first load run,
 * sampled during the runs (peak) and read after the last. autocannon runs in this process: on a 2-core machine the
 * load generator and the server share the CPU, which caps every figure (the ratio stays meaningful).
 */
import autocannon from 'autocannon';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import {
  BENCH_PORT,
  api,
  createApplicants,
  makeDataDir,
  startServer,
  type Applicant,
  type RunningServer,
} from './appServer';
import os from 'node:os';
import { BUDGETS } from './budgets';
import { check, LOAD_TIMEOUT_S, log, round, type AreaOutput, type Check } from './common';
import type { LoadRun, LoadSpec } from './load';
import { BARE_ROUTE, startBareRoute } from './bareRoute';
import { applicantsText, DEADLINE_SAVE_INTERVAL_S } from './capacity';
import { measureStatement, withSaveDatabase, type BenchDatabase, type StatementRate } from './dbRate';
import {
  capacityCheck,
  capacityNotes,
  capacityTimeoutMs,
  measureCapacity,
  type TargetCapacity,
} from './serverCapacity';

export const CONNECTION_LEVELS = [10, 50, 100];
/** PUT /api/answer, the statement alone and the bare route: this many interleaved rounds at each level. */
const ROUNDS = 5;

/** One round at one level: the three measured back to back. */
interface Round {
  putAnswer: LoadRun;
  statement: StatementRate;
  bareRoute: LoadRun;
}

/** The median item by `value` (the middle one of an odd count). */
function medianBy<T>(items: T[], value: (item: T) => number): T {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)];
}

/** A ratio as the median of the rounds' own ratios: each round's figures were measured within a minute of each other. */
const shareOf = (rounds: Round[], ratio: (r: Round) => number) =>
  round(
    medianBy(rounds.map(ratio), (x) => x),
    3,
  );
export const CEILING_ROUTE = 'GET /api/profile without a session (401)';

export interface LoadLevel {
  connections: number;
  ceiling: LoadRun;
  getProfile: LoadRun;
  putAnswer: LoadRun;
  /** PUT and GET req/s over the ceiling's (information: the ceiling never touches the database). */
  putRatio: number;
  getRatio: number;
  /** The save statement alone on the same database at the same concurrency, and PUT's req/s as a share of it. */
  saveStatement: StatementRate;
  putShareOfDb: number;
  /**
   * The floor (bareRoute.ts, information): the statement behind a bare Fastify route, loaded the same way; its
   * req/s as a share of the statement alone, and PUT's as a share of it.
   */
  bareRoute: LoadRun;
  bareShareOfDb: number;
  putShareOfBare: number;
  /**
   * Each round's req/s of the three. The runs above are the median round of each (by req/s); the shares, the
   * median of the rounds' own shares.
   */
  rounds: { putAnswer: number; statement: number; bareRoute: number }[];
}

export interface ServerTargetResult {
  database: BenchDatabase;
  sessions: number;
  answerBytes: number;
  /** Processes serving (SERVER_PROCESSES; the RSS figures are theirs together). */
  processes: number;
  rssBeforeKib: number | null;
  rssPeakKib: number | null;
  rssAfterKib: number | null;
  levels: LoadLevel[];
  /** PUT /api/answer's and the floor's capacity at the latency goal, with the most sessions. */
  capacity: TargetCapacity;
}

export interface ServerResult {
  seconds: number;
  /** Interleaved rounds of PUT, the statement alone and the bare route at each level. */
  rounds: number;
  ceilingRoute: string;
  targets: ServerTargetResult[];
  /** A target that could not run (PostgreSQL unreachable…). */
  failures: string[];
}

/** Seconds per load run (BENCH_SECONDS): 10 by default, as each level now takes 2 + 3 × ROUNDS runs. */
export const benchSeconds = () => {
  const n = Number(process.env.BENCH_SECONDS || 10);
  return Number.isFinite(n) && n > 0 ? n : 10;
};

/**
 * The area's time limit for `databases` targets: 3 minutes each for signing applicants up, the other database and
 * the warm-ups, then every run of every level, with a fifth to spare, and the capacity searches at their longest.
 */
export const serverAreaTimeoutMs = (seconds: number, databases: number, capacityStepSeconds: number) =>
  databases *
  (3 * 60_000 +
    1.2 * ((2 + 3 * ROUNDS) * CONNECTION_LEVELS.length) * seconds * 1000 +
    capacityTimeoutMs(capacityStepSeconds));

function load(
  server: Pick<RunningServer, 'baseUrl'>,
  spec: LoadSpec,
  connections: number,
  seconds: number,
): Promise<LoadRun> {
  let next = 0;
  const headers: Record<string, string> = spec.body ? { 'content-type': 'application/json' } : {};
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.baseUrl}${spec.path}`,
        method: spec.method,
        connections,
        duration: seconds,
        timeout: LOAD_TIMEOUT_S,
        headers,
        ...(spec.body ? { body: spec.body } : {}),
        // One session per connection: connection i sends cookie i (round robin when there are fewer).
        setupClient: spec.cookies
          ? (client) => client.setHeaders({ ...headers, cookie: spec.cookies![next++ % spec.cookies!.length] })
          : undefined,
      },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
        );
        const answered = Object.values(statusCodes).reduce((a, b) => a + b, 0);
        const expected = statusCodes[String(spec.expectedStatus)] ?? 0;
        resolve({
          route: spec.route,
          connections,
          seconds,
          reqPerSec: round(result.requests.average, 1),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
          requests: answered,
          errors: answered - expected + result.errors + result.timeouts,
          connectionErrors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
  });
}

async function measureTarget(
  server: RunningServer,
  database: BenchDatabase,
  seconds: number,
  capacityStepSeconds: number,
): Promise<ServerTargetResult> {
  const sessions = Math.max(...CONNECTION_LEVELS);
  const t0 = Date.now();
  const applicants: Applicant[] = await createApplicants(server, sessions, 'load');
  const answers = JSON.stringify(completeApplication());
  for (const applicant of applicants) await api(server, applicant, 'PUT', '/api/answer', JSON.parse(answers));
  log(`  server (${database}): ${sessions} applicants signed up, confirmed, logged in in ${Date.now() - t0} ms`);

  const cookies = applicants.map((a) => a.cookie);
  const specs = {
    ceiling: { route: CEILING_ROUTE, method: 'GET', path: '/api/profile', expectedStatus: 401 },
    getProfile: { route: 'GET /api/profile', method: 'GET', path: '/api/profile', cookies, expectedStatus: 200 },
    putAnswer: {
      route: 'PUT /api/answer',
      method: 'PUT',
      path: '/api/answer',
      body: answers,
      cookies,
      expectedStatus: 200,
    },
  } satisfies Record<string, LoadSpec>;

  // The save statement alone and the floor stay ready for the whole target, so that each level measures the three
  // in interleaved rounds: the machine's drift (other load, the database's background work) reaches all three alike.
  return withSaveDatabase(database, answers, sessions, async (save) => {
    // As many processes as the server, so that PUT ÷ the bare route compares like with like.
    const bare = await startBareRoute({ database, answers, sessions, processes: server.processes });
    try {
      const bareSpec = {
        route: BARE_ROUTE,
        method: 'PUT',
        path: '/save',
        body: answers,
        cookies: bare.cookies,
        expectedStatus: 200,
      } satisfies LoadSpec;
      // Warm-up (JIT, connection pools, caches): not reported.
      const warm = Math.min(3, seconds);
      for (const spec of Object.values(specs)) await load(server, spec, 10, warm);
      await measureStatement(save, sessions, answers, 10, warm);
      await load(bare, bareSpec, 10, warm);

      const rssBeforeKib = server.rssKib();
      let rssPeakKib = rssBeforeKib;
      const sampler = setInterval(() => {
        const rss = server.rssKib();
        if (rss !== null && (rssPeakKib === null || rss > rssPeakKib)) rssPeakKib = rss;
      }, 250);
      const levels: LoadLevel[] = [];
      let capacity: TargetCapacity;
      try {
        for (const connections of CONNECTION_LEVELS) {
          const ceiling = await load(server, specs.ceiling, connections, seconds);
          const getProfile = await load(server, specs.getProfile, connections, seconds);
          const rounds: Round[] = [];
          for (let r = 0; r < ROUNDS; r++) {
            const putAnswer = await load(server, specs.putAnswer, connections, seconds);
            const statement = await measureStatement(save, sessions, answers, connections, seconds);
            const bareRoute = await load(bare, bareSpec, connections, seconds);
            rounds.push({ putAnswer, statement, bareRoute });
            log(
              `  ${database} ×${connections}, round ${r + 1}: PUT ${putAnswer.reqPerSec} req/s (p99 ${putAnswer.p99Ms} ms, ${putAnswer.errors} errors), statement alone ${statement.perSec}/s (p99 ${statement.p99Ms} ms), bare route ${bareRoute.reqPerSec} req/s (p99 ${bareRoute.p99Ms} ms)`,
            );
          }
          const putAnswer = medianBy(
            rounds.map((x) => x.putAnswer),
            (x) => x.reqPerSec,
          );
          const saveStatement = medianBy(
            rounds.map((x) => x.statement),
            (x) => x.perSec,
          );
          levels.push({
            connections,
            ceiling,
            getProfile,
            putAnswer,
            putRatio: round(putAnswer.reqPerSec / ceiling.reqPerSec, 3),
            getRatio: round(getProfile.reqPerSec / ceiling.reqPerSec, 3),
            saveStatement,
            putShareOfDb: shareOf(rounds, (x) => x.putAnswer.reqPerSec / x.statement.perSec),
            bareRoute: medianBy(
              rounds.map((x) => x.bareRoute),
              (x) => x.reqPerSec,
            ),
            bareShareOfDb: shareOf(rounds, (x) => x.bareRoute.reqPerSec / x.statement.perSec),
            putShareOfBare: shareOf(rounds, (x) => x.putAnswer.reqPerSec / x.bareRoute.reqPerSec),
            rounds: rounds.map((x) => ({
              putAnswer: x.putAnswer.reqPerSec,
              statement: x.statement.perSec,
              bareRoute: x.bareRoute.reqPerSec,
            })),
          });
          log(
            `  server (${database}) ×${connections}: ceiling ${ceiling.reqPerSec} req/s, GET ${getProfile.reqPerSec}, PUT ${putAnswer.reqPerSec} (median of ${ROUNDS})`,
          );
        }
        // With every session, each search starting from its route's own closed-loop rate just measured.
        const top = levels.find((l) => l.connections === sessions)!;
        capacity = await measureCapacity(database, sessions, capacityStepSeconds, {
          ours: { baseUrl: server.baseUrl, spec: specs.putAnswer, closedLoopPerSec: top.putAnswer.reqPerSec },
          floor: { baseUrl: bare.baseUrl, spec: bareSpec, closedLoopPerSec: top.bareRoute.reqPerSec },
        });
      } finally {
        clearInterval(sampler);
      }
      return {
        database,
        sessions,
        answerBytes: Buffer.byteLength(answers),
        processes: server.processes,
        rssBeforeKib,
        rssPeakKib,
        rssAfterKib: server.rssKib(),
        levels,
        capacity,
      };
    } finally {
      await bare.stop();
    }
  });
}

/** A second server on PostgreSQL (DATABASE_URL), in a schema of its own that is dropped afterwards. */
async function measurePostgres(
  staticDir: string,
  seconds: number,
  capacityStepSeconds: number,
): Promise<ServerTargetResult> {
  const databaseUrl = process.env.DATABASE_URL!;
  const databaseSchema = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = makeDataDir('pg');
  let server: RunningServer | undefined;
  try {
    server = await startServer({ port: BENCH_PORT + 1, dataDir, staticDir, databaseUrl, databaseSchema });
    return await measureTarget(server, 'PostgreSQL', seconds, capacityStepSeconds);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The server created the schema (DATABASE_SCHEMA); drop it even when the run failed half-way.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${databaseSchema} CASCADE`);
    } catch (error) {
      log(`  could not drop schema ${databaseSchema}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

export async function runServer(
  pglite: RunningServer | null,
  staticDir: string,
  capacityStepSeconds: number,
): Promise<AreaOutput<ServerResult>> {
  const seconds = benchSeconds();
  const targets: ServerTargetResult[] = [];
  const failures: string[] = [];
  if (pglite) {
    try {
      targets.push(await measureTarget(pglite, 'PGlite', seconds, capacityStepSeconds));
    } catch (error) {
      failures.push(`PGlite: ${(error instanceof Error ? error.message : String(error)).slice(0, 600)}`);
    }
  } else {
    failures.push('PGlite: the server did not start');
  }
  if (process.env.DATABASE_URL) {
    try {
      targets.push(await measurePostgres(staticDir, seconds, capacityStepSeconds));
    } catch (error) {
      failures.push(`PostgreSQL: ${(error instanceof Error ? error.message : String(error)).slice(0, 600)}`);
    }
  }
  if (targets.length === 0) throw new Error(failures.join('; '));

  const b = BUDGETS.server;
  const most = Math.max(...CONNECTION_LEVELS);
  // Beside each share, the floor's figure in the same run: a budget the floor misses too is beyond any Node route in
  // front of this statement on this machine, whatever our route does.
  const floorNote = (figure: string, floorMeets: boolean) =>
    `the floor (bare route): ${figure}${floorMeets ? '' : ', a miss too'}`;
  const checks: Check[] = targets.flatMap((t) => [
    ...t.levels.flatMap((level) => [
      check(
        'server',
        `PUT /api/answer ÷ the save statement alone, ${t.database}, ${level.connections} sessions`,
        round(level.putShareOfDb * 100, 1),
        '%',
        { min: b.putAnswerMinShareOfDb * 100 },
        floorNote(`${round(level.bareShareOfDb * 100, 1)} %`, level.bareShareOfDb >= b.putAnswerMinShareOfDb),
      ),
      check(
        'server',
        `PUT /api/answer errors, ${t.database}, ${level.connections} sessions`,
        level.putAnswer.errors,
        '',
        { max: b.putAnswerMaxErrors },
      ),
    ]),
    capacityCheck(t.database, t.capacity),
  ]);
  for (const failure of failures) {
    checks.push({ area: 'server', name: `Server bench ${failure}`, value: null, unit: '', budget: '—', pass: false });
  }
  return {
    data: { seconds, rounds: ROUNDS, ceilingRoute: CEILING_ROUTE, targets, failures },
    checks,
    notes: [
      "The save statement alone: the statement PUT /api/answer runs (the UPDATE of the answer map; on PostgreSQL with the session checked in it), through the server's own database client, prepared, same answer map and concurrency, no HTTP (bench/dbRate.ts); PGlite on files of its own (the server holds its own), PostgreSQL on the same server.",
      ...capacityNotes(targets),
      ...targets.map((t) => {
        const best = t.levels.reduce((a, l) => (l.putAnswer.reqPerSec > a.putAnswer.reqPerSec ? l : a));
        const perCore = round(best.putAnswer.reqPerSec / os.cpus().length, 0);
        // Saturated (every connection always busy), whatever the wait: no figure to plan with, the capacity is.
        return `Information, no budget: ${t.database} at best ${best.putAnswer.reqPerSec} saves/s back to back (closed loop, ${best.connections} sessions) on ${os.cpus().length} cores, ${perCore} per core (${applicantsText(best.putAnswer.reqPerSec)} applicants, one save every ${DEADLINE_SAVE_INTERVAL_S} s each, with no latency goal).`;
      }),
      `Information, no budget: PUT /api/answer's p99 with ${most} sessions saving back to back (closed loop, autocannon): ${targets
        .flatMap((t) =>
          t.levels
            .filter((l) => l.connections === most)
            .map(
              (top) =>
                `${t.database} ${top.putAnswer.p99Ms} ms (at ${top.putAnswer.reqPerSec} req/s; with ${most} always in flight the mean is ${most} ÷ the rate, ${round((most / top.putAnswer.reqPerSec) * 1000, 1)} ms, by Little's law; the statement alone's own p99 ${top.saveStatement.p99Ms} ms)`,
            ),
        )
        .join(', ')}. What an applicant waits at a given load is in the capacity search (open loop), above.`,
      `Information, no budget: the floor, ${BARE_ROUTE} (bench/bareRoute.ts: the same statement and load, nothing else), as a share of the statement alone: ${targets
        .flatMap((t) =>
          t.levels.map(
            (l) => `${t.database} ×${l.connections} ${round(l.bareShareOfDb * 100, 1)} % (p99 ${l.bareRoute.p99Ms} ms)`,
          ),
        )
        .join(', ')}; PUT /api/answer ÷ the bare route: ${targets
        .flatMap((t) => t.levels.map((l) => `${t.database} ×${l.connections} ${round(l.putShareOfBare * 100, 1)} %`))
        .join(', ')}.`,
      `Information, no budget: ${CEILING_ROUTE} (the cheapest route through the same Fastify stack, no database query); PUT ÷ ceiling: ${targets
        .flatMap((t) => t.levels.map((l) => `${t.database} ×${l.connections} ${round(l.putRatio * 100, 1)} %`))
        .join(', ')}.`,
      process.env.DATABASE_URL
        ? "PostgreSQL: the run's settings say which (bench/postgres.ts)."
        : 'PostgreSQL: not measured (BENCH_POSTGRES=off, or no cluster could start: the log says why).',
    ],
  };
}
