import type { Db } from '../../src/db/client';
import { makeApp, type TestApp } from '../helpers';

/** db.prepared (named prepared statements; PGlite's own path, or node-postgres with DATABASE_URL). */
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await makeApp();
  db = t.app.db;
  await db.exec(`CREATE TABLE prepared_probe (id int PRIMARY KEY, doc jsonb, note text, seen timestamptz[]);
    INSERT INTO prepared_probe (id) VALUES (1), (2);`);
});
afterAll(() => t.close());

const SELECT_SQL = `SELECT id, doc, note, seen, 42 AS n, NULL::int AS nothing FROM prepared_probe WHERE id = $1`;
const UPDATE_SQL = 'UPDATE prepared_probe SET doc = $2::jsonb, note = $3 WHERE id = $1 RETURNING id';

it('binds and parses values as query() does', async () => {
  await db.prepared('probe_update', UPDATE_SQL, [1, JSON.stringify({ a: 'é', b: true, c: "it's" }), null]);
  await db.query(`UPDATE prepared_probe SET seen = ARRAY['2026-01-02T03:04:05.678912Z'::timestamptz] WHERE id = 1`);
  const prepared = await db.prepared('probe_select', SELECT_SQL, [1]);
  expect(prepared.rows).toEqual((await db.query(SELECT_SQL, [1])).rows);
  expect(prepared.rows[0]).toMatchObject({ doc: { a: 'é', b: true, c: "it's" }, note: null, n: 42, nothing: null });
  // Prepared once, run again with other values.
  expect((await db.prepared('probe_select', SELECT_SQL, [2])).rows).toEqual([expect.objectContaining({ doc: null })]);
  expect((await db.prepared('probe_select', SELECT_SQL, [3])).rows).toEqual([]);
});

it('refuses one name for two statements', async () => {
  await expect(db.prepared('probe_select', 'SELECT 1 AS other', [])).rejects.toThrow();
});

it('rejects on a database error, and the next statements run normally', async () => {
  await expect(db.prepared('probe_update', UPDATE_SQL, [1, '{not json', null])).rejects.toThrow(/json/i);
  expect((await db.prepared('probe_update', UPDATE_SQL, [1, '{"ok":1}', 'after'])).rows).toEqual([{ id: 1 }]);
  expect((await db.query<{ note: string }>('SELECT note FROM prepared_probe WHERE id = 1')).rows).toEqual([
    { note: 'after' },
  ]);
});

it('never runs inside another caller’s open transaction', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const rolledBack = db.transaction(async (tx) => {
    await tx.query(`UPDATE prepared_probe SET note = 'in the transaction' WHERE id = 2`);
    opened();
    await gate;
    throw new Error('rolled back');
  });
  await open;
  // Issued while the transaction is open: it must neither join it nor be undone with it.
  const save = db.prepared('probe_update', UPDATE_SQL, [2, '{"saved":true}', 'saved']);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await expect(rolledBack).rejects.toThrow('rolled back');
  expect((await save).rows).toEqual([{ id: 2 }]);
  expect((await db.query('SELECT doc, note FROM prepared_probe WHERE id = 2')).rows).toEqual([
    { doc: { saved: true }, note: 'saved' },
  ]);
});

it('refuses to run once the database is closed, like query()', async () => {
  const other = await makeApp();
  await other.app.db.prepared('probe', 'SELECT 1 AS one', []);
  await other.close();
  await expect(other.app.db.prepared('probe', 'SELECT 1 AS one', [])).rejects.toThrow();
  await expect(other.app.db.query('SELECT 1 AS one')).rejects.toThrow();
});
