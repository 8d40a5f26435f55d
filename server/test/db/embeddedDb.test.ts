import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queryable } from '../../src/db/client';
import { openPglite, type PgliteDb } from '../../src/db/pgliteDb';
import { makeApp } from '../helpers';

/**
 * The embedded database (PGlite) runs in a thread of its own (db/pgliteDb.ts, db/pgliteThread.ts): what the
 * services see must be what they saw when it ran in the server's thread, and the server's thread must stay free.
 * These tests open it directly, whatever database the rest of the suite runs on.
 */
/** The suite's migrated template when there is one (npm test); npm run test:pg has none: a fresh one runs initdb. */
const embedded = () => {
  const template = process.env.PGLITE_TEMPLATE;
  return template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {};
};

let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite(embedded());
  await db.exec(`CREATE TABLE thread_probe (id int PRIMARY KEY, note text, at timestamptz, doc jsonb)`);
});
afterAll(() => db.close());

it('passes parameters and typed results across the thread', async () => {
  const at = new Date('2026-11-26T10:11:12.345Z');
  await db.query('INSERT INTO thread_probe (id, note, at, doc) VALUES ($1, $2, $3, $4::jsonb)', [
    1,
    'é “quoted” ✓',
    at,
    JSON.stringify({ a: [1, 2], b: null }),
  ]);
  expect((await db.query('SELECT id, note, at, doc FROM thread_probe WHERE id = $1', [1])).rows).toEqual([
    { id: 1, note: 'é “quoted” ✓', at, doc: { a: [1, 2], b: null } },
  ]);
});

it('gives a database error PostgreSQL’s fields and the caller’s stack', async () => {
  await db.query(`INSERT INTO thread_probe (id) VALUES (2)`);
  const error = await db.query(`INSERT INTO thread_probe (id) VALUES (2)`).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).toMatchObject({
    message: 'duplicate key value violates unique constraint "thread_probe_pkey"',
    code: '23505',
    constraint: 'thread_probe_pkey',
  });
  expect((error as Error).stack).toContain('embeddedDb.test.ts');
});

it('commits a transaction’s statements together, and rolls all of them back when one fails', async () => {
  const committed = await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO thread_probe (id, note) VALUES (10, 'first')`);
    await tx.query(`INSERT INTO thread_probe (id, note) VALUES (11, 'second')`);
    return 'done';
  });
  expect(committed).toBe('done');
  const failed = db.transaction(async (tx) => {
    await tx.query(`UPDATE thread_probe SET note = 'changed' WHERE id = 10`);
    await tx.query(`INSERT INTO thread_probe (id) VALUES (11)`); // a duplicate: the transaction fails
  });
  await expect(failed).rejects.toMatchObject({ code: '23505' });
  expect((await db.query('SELECT id, note FROM thread_probe WHERE id IN (10, 11) ORDER BY id')).rows).toEqual([
    { id: 10, note: 'first' },
    { id: 11, note: 'second' },
  ]);
});

it('runs other callers’ statements only after an open transaction ends, in the order they came', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const order: string[] = [];
  const transaction = db.transaction(async (tx) => {
    await tx.query(`INSERT INTO thread_probe (id, note) VALUES (20, 'in the transaction')`);
    opened();
    await gate;
    await tx.query(`UPDATE thread_probe SET note = 'committed' WHERE id = 20`);
    order.push('transaction');
  });
  await open;
  const reads = [1, 2, 3].map((n) =>
    db.query<{ note: string }>('SELECT note FROM thread_probe WHERE id = 20').then(({ rows }) => {
      order.push(`read ${n}`);
      return rows;
    }),
  );
  // Each read is answered only after the transaction's last statement, and never sees its uncommitted row.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(order).toEqual([]);
  release();
  await transaction;
  expect(await Promise.all(reads)).toEqual([[{ note: 'committed' }], [{ note: 'committed' }], [{ note: 'committed' }]]);
  expect(order).toEqual(['transaction', 'read 1', 'read 2', 'read 3']);
});

it('keeps the server answering while a statement runs', async () => {
  const t = await makeApp({ databaseUrl: undefined, databaseSchema: undefined, memoryDb: embedded() });
  try {
    const request = () => t.app.inject({ method: 'GET', url: '/api/profile' });
    expect((await request()).statusCode).toBe(401); // the app is ready: its start-up work is done
    const order: string[] = [];
    const slow = t.app.db.query('SELECT pg_sleep(0.5)').then(() => order.push('statement'));
    // A request that needs no database: in the server's thread, PGlite's statement would hold it until the end.
    const answered = request().then((response) => {
      order.push('request');
      return response.statusCode;
    });
    expect(await answered).toBe(401);
    await slow;
    expect(order).toEqual(['request', 'statement']);
  } finally {
    await t.close();
  }
});

it('tells a caller who keeps a transaction’s handle after it ended that it has ended', async () => {
  let kept!: Queryable;
  await db.transaction(async (tx) => {
    kept = tx;
    await tx.query('SELECT 1');
  });
  await expect(kept.query('SELECT 1')).rejects.toThrow('The transaction has ended');
  expect((await db.query<{ n: number }>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
});

it('fails every call after close, and a call in flight when the thread stops', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const other = await openPglite(embedded());
  const inFlight = other.query('SELECT pg_sleep(5)');
  // What a crash of the thread (out of memory, a WebAssembly abort) looks like from the server's side.
  await (other as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await expect(inFlight).rejects.toThrow("The embedded database's thread stopped");
  await expect(other.query('SELECT 1')).rejects.toThrow("The embedded database's thread stopped");
  expect(logged).toHaveBeenCalledTimes(1);
  expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^The embedded database's thread stopped \(exit code/));
  await other.close();

  const closed = await openPglite(embedded());
  await closed.close();
  await expect(closed.query('SELECT 1')).rejects.toThrow('The embedded database is closed.');
  expect(logged).toHaveBeenCalledTimes(1); // a close is no crash
  logged.mockRestore();
});

it('refuses a data directory that is a file, saying which and why', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
  const file = path.join(dir, 'file');
  fs.writeFileSync(file, 'not a database');
  try {
    await expect(openPglite({ dataDir: file })).rejects.toThrow(
      `The embedded database could not open ${file}: {"name":"ErrnoError","errno":54}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
