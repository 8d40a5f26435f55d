/**
 * The area "night": the deadline night's mix (nightMix.ts) against the real server, on PostgreSQL with two server
 * processes and on PGlite, each on a database of its own. Per database:
 * 1. the limit: each part's CPU cost measured alone (nightCost.ts), times the mix's counts, against the cores;
 * 2. the night's capacity: the highest rate of applicants per hour whose open-loop run (nightLoad.ts) meets every
 *    goal (BUDGETS.night) with no error, found by capacity.ts's bounded search, one step per rate; the part that
 *    limits it is named from the goals the first rate above it missed;
 * 3. at 80 % of that capacity, one server process killed and brought back mid-run (nightProof.ts): the errors
 *    clients saw, and, from the database once the server has stopped, that no acknowledged write was lost.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { makeDataDir, serverEnv, startServer, type RunningServer, type ServerOptions } from './appServer';
import { BUDGETS } from './budgets';
import { capacitySearch, GROWTH, type CapacityPhase } from './capacity';
import { check, log, round, type AreaOutput, type Check } from './common';
import { enrol } from './console';
import { essay } from './documents';
import type { BenchDatabase } from './dbRate';
import * as testFiles from '../testing/files';
import { seedNight } from './nightApplicants';
import { measureNightLimit, PART_LABELS, type NightLimit } from './nightCost';
import {
  emptyAckLog,
  runMix,
  type MixContext,
  type NightFiles,
  type NightStepFigures,
  type PoolCursor,
} from './nightLoad';
import { NIGHT_MIX, type NightKind } from './nightMix';
import { killOneProcess, proveNoLoss, type KillEvent, type LossProof } from './nightProof';

/** Seconds a step of the search lasts (BENCH_NIGHT_STEP_SECONDS): 20 by default; shorter for smoke runs only. */
export const nightStepSeconds = (env: NodeJS.ProcessEnv = process.env) => {
  const n = Number(env.BENCH_NIGHT_STEP_SECONDS || 20);
  return Number.isFinite(n) && n > 0 ? n : 20;
};

/** The search starts at this share of the parts' limit: a server, HTTP and the generator take their share too. */
export const START_SHARE_OF_LIMIT = 0.5;
/** From there, at most four steps ×1.5 or ÷1.5 (a capacity between 15 % and 170 % of the limit), then two halvings. */
const PLAN = { growth: GROWTH, bracketSteps: 4, bisections: 2 };
const MAX_STEPS = PLAN.bracketSteps + PLAN.bisections;
/** The kill run: at this share of the capacity, this many steps long, the kill halfway. */
export const KILL_AT_SHARE = 0.8;
const KILL_RUN_STEPS = 2;
/** The processes the server runs on PostgreSQL here, as the plan asks (PGlite serves one). */
const POSTGRES_PROCESSES = 2;

export interface NightStep extends NightStepFigures {
  phase: CapacityPhase;
  pass: boolean;
  /** The goals it missed, as the report names them. */
  missed: string[];
}

export interface NightDatabaseResult {
  database: BenchDatabase;
  processes: number;
  limit: NightLimit;
  steps: NightStep[];
  /** Applicants per hour: the highest rate that met every goal (0: none did), and the lowest above it that missed. */
  capacityPerHour: number;
  missedAtPerHour: number | undefined;
  shareOfLimit: number;
  /** The goals the first rate above the capacity missed, and the part taking the largest share of the CPU. */
  limitedBy: string;
  kill: { applicantsPerHour: number; figures: NightStepFigures; event: KillEvent | null; error?: string };
  proof: LossProof;
  /** The uploaders or submitters were used up and reused (their loss proof checks the last write of each). */
  poolWrapped: boolean;
}

export interface NightResult {
  stepSeconds: number;
  mix: Record<NightKind, number>;
  databases: NightDatabaseResult[];
  failures: string[];
}

/** The goals `figures` missed (empty: it met them all). */
export function nightMisses(figures: NightStepFigures): string[] {
  const g = BUDGETS.night;
  const k = figures.kinds;
  const out: string[] = [];
  if (k.save.p99Ms > g.saveP99MaxMs) out.push(`saves p99 ${k.save.p99Ms} ms > ${g.saveP99MaxMs}`);
  if (k.login.p99Ms > g.loginP99MaxMs) out.push(`logins p99 ${k.login.p99Ms} ms > ${g.loginP99MaxMs}`);
  if (k.submit.p99Ms > g.submitP99MaxMs) out.push(`submits p99 ${k.submit.p99Ms} ms > ${g.submitP99MaxMs}`);
  if (figures.conversion.p95Ms > g.conversionP95MaxMs)
    out.push(`conversions p95 ${figures.conversion.p95Ms} ms > ${g.conversionP95MaxMs}`);
  const errors = Object.entries(k).filter(([, f]) => f.errors > g.maxErrors);
  if (errors.length)
    out.push(`errors: ${errors.map(([kind, f]) => `${f.errors} ${kind} (${f.errorSamples.join('; ')})`).join(', ')}`);
  return out;
}

/** The part a missed goal points at. */
const GOAL_PARTS: [RegExp, string][] = [
  [/^saves/, 'saves: the database and the server processes\u2019 event loops'],
  [/^logins/, 'logins: the CPU of hashing (scrypt)'],
  [/^submits/, 'submits: their transaction and the PDF copy'],
  [/^conversions/, 'conversions: LibreOffice'],
  [/^errors/, 'requests failing'],
];

function limitedBy(steps: NightStep[], missedAt: number | undefined, limit: NightLimit): string {
  const largest = [...limit.costs].sort((a, b) => b.share - a.share)[0];
  const cpu = `the largest share of the parts' CPU: ${PART_LABELS[largest.part]}, ${round(largest.share * 100, 1)} %`;
  const step = steps.find((s) => s.applicantsPerHour === missedAt && !s.pass);
  if (!step) return `every rate tried met the goals; ${cpu}`;
  const parts = step.missed.map((m) => GOAL_PARTS.find(([re]) => re.test(m))?.[1] ?? m);
  return `${[...new Set(parts)].join('; ')} (at ${missedAt!.toLocaleString('en-US')}/h: ${step.missed.join('; ')}); ${cpu}`;
}

/** Enough applicants in each pool for the longest search (every step at its highest rate), and the kill run. */
function poolSizes(limit: NightLimit, stepSeconds: number) {
  const highest = limit.applicantsPerHour * START_SHARE_OF_LIMIT * PLAN.growth ** (PLAN.bracketSteps - 1);
  const applicantHours = (highest * (MAX_STEPS + KILL_RUN_STEPS) * stepSeconds) / 3600;
  const size = (perHour: number) => Math.min(20_000, Math.ceil(applicantHours * perHour * 1.2) + 20);
  return {
    savers: 100,
    uploaders: size(NIGHT_MIX.uploadPdf + NIGHT_MIX.uploadWord),
    submitters: size(NIGHT_MIX.submit),
  };
}

async function runOn(
  database: BenchDatabase,
  staticDir: string,
  port: number,
  stepSeconds: number,
  files: NightFiles,
): Promise<NightDatabaseResult> {
  const dataDir = makeDataDir('night');
  const schema = `bench_night_${crypto.randomBytes(6).toString('hex')}`;
  const options: ServerOptions & { dataDir: string } =
    database === 'PostgreSQL'
      ? {
          port,
          dataDir,
          staticDir,
          databaseUrl: process.env.DATABASE_URL,
          databaseSchema: schema,
          processes: POSTGRES_PROCESSES,
        }
      : { port, dataDir, staticDir };
  const env = serverEnv(options);
  let server: RunningServer | undefined;
  try {
    log(`  ${database}: each part alone…`);
    const limit = await measureNightLimit(database, files);
    log(
      `  ${database}: the parts' limit ${limit.applicantsPerHour} applicants/h (${limit.costs.map((c) => `${c.part} ${c.cpuMs} ms`).join(', ')})`,
    );
    const sizes = poolSizes(limit, stepSeconds);
    const pools = await seedNight(env, sizes);
    server = await startServer(options);
    const acks = emptyAckLog(pools.savers.length);
    const cursor: PoolCursor = { uploaders: 0, submitters: 0, wrapped: false };
    const ctx: MixContext = { server, pools, cursor, acks, files, staffCookie: await enrol(server) };

    const steps: NightStep[] = [];
    const search = capacitySearch({ startPerSec: limit.applicantsPerHour * START_SHARE_OF_LIMIT, ...PLAN });
    let next = search.next();
    while (!next.done) {
      const { perSec: applicantsPerHour, phase } = next.value;
      const figures = await runMix(ctx, applicantsPerHour, stepSeconds);
      const missed = nightMisses(figures);
      steps.push({ ...figures, phase, pass: missed.length === 0, missed });
      const k = figures.kinds;
      log(
        `  ${database} night at ${applicantsPerHour}/h: saves ${k.save.perSec}/s p99 ${k.save.p99Ms} ms, logins p99 ${k.login.p99Ms} ms, submits p99 ${k.submit.p99Ms} ms, conversions p95 ${figures.conversion.p95Ms} ms: ${missed.length ? `missed (${missed.join('; ')})` : 'met'}`,
      );
      next = search.next(missed.length === 0);
    }
    const { perSec: capacityPerHour, missedAtPerSec: missedAtPerHour } = next.value;

    // The kill run: at 80 % of the capacity (of the lowest rate tried when none met the goals).
    const lowest = Math.min(...steps.map((s) => s.applicantsPerHour));
    const killRate = Math.max(1, Math.round(KILL_AT_SHARE * (capacityPerHour || lowest)));
    const killSeconds = KILL_RUN_STEPS * stepSeconds;
    let event: KillEvent | null = null;
    let killError: string | undefined;
    log(`  ${database}: ${killSeconds} s at ${killRate}/h, one server process killed at ${killSeconds / 2} s…`);
    const killFigures = await runMix(ctx, killRate, killSeconds, {
      afterMs: (killSeconds * 1000) / 2,
      action: async () => {
        try {
          const killed = await killOneProcess(ctx.server, options);
          ctx.server = killed.server;
          event = killed.event;
        } catch (error) {
          killError = error instanceof Error ? error.message : String(error);
        }
      },
    });
    server = ctx.server;
    await server.stop();
    server = undefined;
    const proof = await proveNoLoss(env, pools, acks);
    log(
      `  ${database}: the kill: ${event ? `${(event as KillEvent).killed}, back after ${round((event as KillEvent).backAfterMs, 0)} ms` : `failed (${killError})`}; acknowledged writes lost: ${proof.lost}`,
    );
    return {
      database,
      processes: database === 'PostgreSQL' ? POSTGRES_PROCESSES : 1,
      limit,
      steps,
      capacityPerHour,
      missedAtPerHour,
      shareOfLimit: round(capacityPerHour / limit.applicantsPerHour, 3),
      limitedBy: limitedBy(steps, missedAtPerHour, limit),
      kill: { applicantsPerHour: killRate, figures: killFigures, event, ...(killError ? { error: killError } : {}) },
      proof,
      poolWrapped: cursor.wrapped,
    };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database === 'PostgreSQL') {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      try {
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } catch (error) {
        log(`  could not drop schema ${schema}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }
}

export function nightChecks(result: NightResult): Check[] {
  return result.databases.flatMap((d) => [
    check(
      'night',
      `The night's capacity ÷ the parts' limit, ${d.database}${d.processes > 1 ? ` (${d.processes} processes)` : ''}`,
      round(d.shareOfLimit * 100, 1),
      '%',
      { min: BUDGETS.night.capacityMinShareOfLimit * 100 },
      `${d.capacityPerHour.toLocaleString('en-US')} applicants/h of ${d.limit.applicantsPerHour.toLocaleString('en-US')}; limited by ${d.limitedBy.split(' (')[0]}`,
    ),
    check(
      'night',
      `Acknowledged writes lost, a server process killed mid-run, ${d.database}`,
      d.kill.event ? d.proof.lost : null,
      '',
      { max: BUDGETS.night.lostWritesMax },
      `${d.proof.saves.acknowledged} saves, ${d.proof.uploads.acknowledged} uploads, ${d.proof.submits.acknowledged} submits, ${d.proof.confirmations.acknowledged} confirmations acknowledged`,
    ),
  ]);
}

/** The longest the area can take: per database, each step and its drain (a conversion's poll, time-outs). */
export const nightTimeoutMs = (stepSeconds: number, databases: number) =>
  databases * ((MAX_STEPS + KILL_RUN_STEPS) * (stepSeconds + 90) + 180) * 1000;

export async function runNight(staticDir: string, port: number): Promise<AreaOutput<NightResult>> {
  const stepSeconds = nightStepSeconds();
  const files: NightFiles = { pdf: await testFiles.pdf(3), word: testFiles.docx(essay(12)) };
  const databases: BenchDatabase[] = process.env.DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];
  const result: NightResult = { stepSeconds, mix: NIGHT_MIX, databases: [], failures: [] };
  for (const database of databases) {
    try {
      result.databases.push(await runOn(database, staticDir, port, stepSeconds, files));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  ${database}: FAILED: ${message}`);
      result.failures.push(`${database}: ${message.slice(0, 500)}`);
    }
  }
  const checks = nightChecks(result);
  // A database that failed is a missed figure, not a silent gap.
  for (const failure of result.failures) {
    const name = `The night on ${failure.split(':')[0]}: did not run`;
    checks.push({ area: 'night', name, value: null, unit: '', budget: '—', pass: false });
  }
  return {
    data: result,
    checks,
    notes: [
      `Each kind's latency counts from when it was due (open loop); a conversion from its upload's start to the status poll (every 2 s, as the page polls) that saw it done. One ${stepSeconds} s step per rate; the kill run ${KILL_RUN_STEPS * stepSeconds} s at ${KILL_AT_SHARE * 100} % of the capacity.`,
      "The parts' limit leaves out HTTP, the server's own code, staff reading and the load generator (all on the same cores): the budget asks the whole night for 70 % of it.",
    ],
  };
}
