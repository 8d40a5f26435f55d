import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { openPglite, type PgliteDb } from '../../src/db/pgliteDb';
import { makeApp, newApplicant } from '../helpers';

/** The embedded database on files, whatever database the rest of the suite runs on (npm run test:pg). */
const EMBEDDED = { memoryDb: undefined, databaseUrl: undefined, databaseSchema: undefined };
/**
 * The embedded database's thread dying (an uncaught error, out of memory, a WebAssembly abort) no longer leaves the
 * server answering 500 until a restart: a new thread opens the same files, PostgreSQL's recovery replays its log,
 * and every call that was answered before the crash is there. Only the calls in flight at the crash fail.
 */
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-restart-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
/**
 * Each test on files opens PGlite there twice (a fresh cluster, then its recovery after the kill), plus the server's
 * migrations: seconds of WebAssembly each, which on a busy 2-core machine passed the suite's 20 s default. A
 * budget for the work, not a speed check.
 */
const ON_FILES_TIMEOUT_MS = 90_000;

/** A database on files in `dataDir`, started from the suite's migrated template (or empty under test:pg). */
async function onFiles(dataDir: string): Promise<PgliteDb> {
  const template = process.env.PGLITE_TEMPLATE;
  return openPglite({
    dataDir,
    ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
  });
}

it(
  'keeps every acknowledged insert when the thread is killed among them, and serves again',
  async () => {
    const db = await onFiles(path.join(dir, 'db'));
    try {
      await db.exec('CREATE TABLE crash_probe (id int PRIMARY KEY)');
      const acknowledged: number[] = [];
      const failed: number[] = [];
      const thread = db.thread;
      const inserts = Array.from({ length: 200 }, (_, i) =>
        db.query('INSERT INTO crash_probe (id) VALUES ($1)', [i]).then(
          () => {
            acknowledged.push(i);
            // The thread is killed once some inserts were answered and others are still queued behind them.
            if (acknowledged.length === 50) void thread.terminate();
          },
          () => failed.push(i),
        ),
      );
      await Promise.all(inserts);
      expect(acknowledged.length).toBeGreaterThanOrEqual(50);
      expect(failed.length).toBeGreaterThan(0);
      // The next call waits for the new thread.
      const { rows } = await db.query<{ id: number }>('SELECT id FROM crash_probe ORDER BY id');
      expect(db.restarts).toBe(1);
      expect(db.thread).not.toBe(thread);
      const stored = new Set(rows.map((r) => r.id));
      for (const id of acknowledged) expect(stored.has(id)).toBe(true);
      // And it takes writes again.
      await db.query('INSERT INTO crash_probe (id) VALUES (1000)');
      expect((await db.query('SELECT count(*)::int AS n FROM crash_probe WHERE id = 1000')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  },
  ON_FILES_TIMEOUT_MS,
);

it(
  'a server whose database thread was killed answers again, with the saves it acknowledged',
  async () => {
    (await onFiles(path.join(dir, 'db'))).close();
    const t = await makeApp({ ...EMBEDDED, dataDir: dir });
    try {
      const cookie = await newApplicant(t, 'crash@example.com');
      const save = (first_name: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/answer',
          headers: { 'content-type': 'application/json', cookie },
          payload: { first_name },
        });
      expect((await save('Before')).statusCode).toBe(200);
      const db = t.app.db as PgliteDb;
      const exited = once(db.thread, 'exit');
      await db.thread.terminate();
      await exited;
      const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().answer.first_name).toBe('Before');
      expect((await save('After')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  },
  ON_FILES_TIMEOUT_MS,
);

it('an in-memory database (no files to reopen) still fails every call after its thread died', async () => {
  const template = process.env.PGLITE_TEMPLATE;
  const db = await openPglite(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {});
  const exited = once(db.thread, 'exit');
  await db.thread.terminate();
  await exited;
  await expect(db.query('SELECT 1')).rejects.toThrow(/The embedded database's thread stopped/);
  expect(db.restarts).toBe(0);
  await db.close();
});
