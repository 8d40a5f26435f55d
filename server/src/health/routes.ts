import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { migrationFiles } from '../db/migrate';
import type { Storage } from '../documents/storage';
import { SOFFICE, UNO_PYTHON } from '../documents/libreoffice/converter';
import { NEVER_SHED } from '../metrics/routes';

/** The parts /readyz names when one fails (and nothing more: no message, no host, no path). */
export type ReadyPart = 'shutting-down' | 'database' | 'migrations' | 'documents' | 'libreoffice';

/** A store that does not answer this soon counts as unreachable. */
const STORE_TIMEOUT_MS = 2_000;
/** S3's answer is reused this long: a balancer polling every second must not cost a bucket request each time. */
const STORE_CHECK_EVERY_MS = 10_000;
/** A key no document ever has (documents are uploads/…, pdfs/…, applications/…): reading it costs one GET. */
const PROBE_KEY = 'health/readiness-probe';

/** The executable `command` names, found as the shell would (PATH), or null. */
function findExecutable(command: string): string | null {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz: the process answers (a balancer's liveness check). GET /readyz: the process should be sent requests:
 * not shutting down, the database answers one small query, the migrations this code needs are applied, the document
 * store is reachable and LibreOffice can be started. 200 `{status: 'ok'}` or 503 `{status: 'unavailable', failing}`.
 * Both are logged only at warn and above, never rate limited, never shed under load.
 */
export function healthRoutes(app: FastifyInstance, deps: { db: Db; config: Config; storage: Storage }) {
  const { db, config, storage } = deps;
  const expectedMigrations = migrationFiles().length;
  let draining = false;
  let storeChecked: { at: number; ok: boolean } | null = null;
  // The local store makes its folders on the first upload; ready from the start means the folder is there (a
  // shared mount that disappears later makes /readyz fail).
  if (storage.kind === 'local') fs.mkdirSync(config.filesDir, { recursive: true });

  async function storeReachable(): Promise<boolean> {
    if (storage.kind === 'local') {
      return fs.promises.access(config.filesDir, fs.constants.R_OK | fs.constants.W_OK).then(
        () => true,
        () => false,
      );
    }
    if (storeChecked && Date.now() - storeChecked.at < STORE_CHECK_EVERY_MS) return storeChecked.ok;
    const ok = await withinTime(storage.get(PROBE_KEY), STORE_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    storeChecked = { at: Date.now(), ok };
    return ok;
  }

  async function failing(): Promise<ReadyPart | null> {
    if (draining) return 'shutting-down';
    let applied: number;
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      applied = rows[0].n;
    } catch {
      return 'database';
    }
    if (applied < expectedMigrations) return 'migrations';
    if (!(await storeReachable())) return 'documents';
    // soffice, and the Python that drives it (python3-uno): both are needed to start a conversion.
    if (!findExecutable(SOFFICE) || !findExecutable(UNO_PYTHON)) return 'libreoffice';
    return null;
  }

  const quiet = { logLevel: 'warn' as const, config: NEVER_SHED };
  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', quiet, async (_request, reply) => {
    const part = await failing();
    reply.header('cache-control', 'no-store');
    if (part) return reply.status(503).send({ status: 'unavailable', failing: part });
    return reply.send({ status: 'ok' });
  });

  return {
    /** SIGTERM: from now on /readyz answers 503, while requests are still served (main.ts), so the balancer stops. */
    drain() {
      draining = true;
    },
  };
}
