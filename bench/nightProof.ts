/**
 * The night's kill and its proof. Mid-run one server process is killed (SIGKILL: no drain, as a crash or an
 * out-of-memory kill ends it) and comes back: on PostgreSQL one of its two processes, which the primary replaces
 * (server/src/processes.ts) while the other serves; on PGlite the one process, started again by the bench on the
 * same files. Once the server has stopped, the database is read in this process and every write the server
 * acknowledged during the whole area (nightLoad.ts's AckLog) is looked for: each save answered 200 must have added
 * a version to its applicant's application, each upload whose conversion was accepted must have its job with that
 * file, each submit answered 200 its submission and its receipt's job, each confirmation its confirmed account.
 */
import fs from 'node:fs';
import { loadConfig } from '../server/src/config';
import { openDb } from '../server/src/db/client';
import { serverChildPids } from '../scripts/serverCommand.mjs';
import { sleep } from './common';
import { startServer, type RunningServer, type ServerOptions } from './appServer';
import type { NightPools } from './nightApplicants';
import type { AckLog } from './nightLoad';

export interface KillEvent {
  /**
   * What was killed, and how long until its replacement ran (a process again: the primary's replacement, or the
   * server started again and answering). The clients' errors say how long they were refused.
   */
  killed: string;
  backAfterMs: number;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

async function until(what: string, ok: () => boolean, timeoutMs = 60_000) {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/**
 * Kills one process of `server` and waits for it to serve again. With several processes, one of them (the
 * primary replaces it); with one, the server itself, started again with `options` (the returned server replaces
 * the old one).
 */
export async function killOneProcess(
  server: RunningServer,
  options: ServerOptions & { dataDir: string },
): Promise<{ event: KillEvent; server: RunningServer }> {
  const start = performance.now();
  if (server.processes > 1) {
    const before = serverChildPids(server.pid);
    const victim = before[0];
    process.kill(victim, 'SIGKILL');
    // The primary starts the replacement at once (it served over STABLE_MS); it loads the app, then listens.
    await until('the killed process replaced', () => {
      const now = serverChildPids(server.pid);
      return now.length === server.processes && !now.includes(victim);
    });
    return {
      event: { killed: `one of ${server.processes} processes (pid ${victim})`, backAfterMs: performance.now() - start },
      server,
    };
  }
  process.kill(server.pid, 'SIGKILL');
  await until('the killed server gone', () => !alive(server.pid));
  const restarted = await startServer(options);
  return {
    event: { killed: `the server's one process (pid ${server.pid})`, backAfterMs: performance.now() - start },
    server: restarted,
  };
}

export interface LossProof {
  saves: { acknowledged: number; applied: number; lost: number };
  uploads: { acknowledged: number; found: number; lost: number; converted: number };
  submits: { acknowledged: number; found: number; lost: number; receipts: number };
  confirmations: { acknowledged: number; found: number; lost: number };
  /** All acknowledged writes not in the database. */
  lost: number;
}

/** Reads the database `env` names (its server stopped) for every acknowledged write. */
export async function proveNoLoss(env: NodeJS.ProcessEnv, pools: NightPools, acks: AckLog): Promise<LossProof> {
  const db = await openDb(loadConfig(env, { logLevel: 'warn', staticDir: '/nonexistent' }));
  try {
    const ids = (list: { userId: number }[]) => list.map((a) => a.userId);
    const versions = new Map(
      (
        await db.query<{ user_id: string; version: number }>(
          'SELECT user_id, version FROM applications WHERE user_id = ANY($1::bigint[])',
          [ids(pools.savers)],
        )
      ).rows.map((r) => [Number(r.user_id), Number(r.version)]),
    );
    let savesLost = 0;
    let applied = 0;
    pools.savers.forEach((saver, i) => {
      const added = (versions.get(saver.userId) ?? pools.seededVersion) - pools.seededVersion;
      applied += added;
      savesLost += Math.max(0, acks.saves[i] - added);
    });

    // The last acknowledged upload of each applicant (a later one replaces its job, should the pool wrap).
    const lastUpload = new Map(acks.uploads.map((u) => [u.userId, u.fileKey]));
    const jobs = (
      await db.query<{ user_id: string; file_key: string; status: string }>(
        `SELECT user_id, file_key, status FROM conversion_jobs
          WHERE answer_key = 'personal_statement_doc' AND user_id = ANY($1::bigint[])`,
        [[...lastUpload.keys()]],
      )
    ).rows;
    const jobOf = new Map(jobs.map((j) => [Number(j.user_id), j]));
    const uploadsFound = [...lastUpload].filter(([user, key]) => jobOf.get(user)?.file_key === key).length;

    const submitted = new Set(
      (
        await db.query<{ user_id: string }>(
          'SELECT user_id FROM applications WHERE submitted_at IS NOT NULL AND user_id = ANY($1::bigint[])',
          [acks.submits],
        )
      ).rows.map((r) => Number(r.user_id)),
    );
    const receipts = new Set(
      (
        await db.query<{ user_id: string }>(
          'SELECT DISTINCT user_id FROM receipt_jobs WHERE user_id = ANY($1::bigint[])',
          [acks.submits],
        )
      ).rows.map((r) => Number(r.user_id)),
    );
    const uniqueSubmits = [...new Set(acks.submits)];
    const submitsFound = uniqueSubmits.filter((u) => submitted.has(u)).length;
    const receiptsFound = uniqueSubmits.filter((u) => receipts.has(u)).length;

    const confirmed = (
      await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM users WHERE confirmed_at IS NOT NULL AND username = ANY($1::text[])',
        [acks.confirmed],
      )
    ).rows[0];
    const confirmedFound = Number(confirmed.n);

    const proof: Omit<LossProof, 'lost'> = {
      saves: { acknowledged: acks.saves.reduce((a, b) => a + b, 0), applied, lost: savesLost },
      uploads: {
        acknowledged: lastUpload.size,
        found: uploadsFound,
        lost: lastUpload.size - uploadsFound,
        converted: jobs.filter((j) => j.status === 'completed').length,
      },
      submits: {
        acknowledged: uniqueSubmits.length,
        found: submitsFound,
        lost: uniqueSubmits.length - submitsFound + (submitsFound - receiptsFound),
        receipts: receiptsFound,
      },
      confirmations: {
        acknowledged: acks.confirmed.length,
        found: confirmedFound,
        lost: acks.confirmed.length - confirmedFound,
      },
    };
    return {
      ...proof,
      lost: proof.saves.lost + proof.uploads.lost + proof.submits.lost + proof.confirmations.lost,
    };
  } finally {
    await db.close();
  }
}
