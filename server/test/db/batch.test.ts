import type { Db } from '../../src/db/client';
import { makeApp, type TestApp } from '../helpers';

/** db.batch: statements in one transaction, all or none (PGlite in one call to its thread; PostgreSQL with DATABASE_URL). */
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await makeApp();
  db = t.app.db;
  await db.exec('CREATE TABLE batch_probe (id int PRIMARY KEY, note text)');
});
afterAll(() => t.close());

const notes = async () =>
  (await db.query<{ id: number; note: string }>('SELECT id, note FROM batch_probe ORDER BY id')).rows;

it('runs the statements in order and answers each one’s rows', async () => {
  const rows = await db.batch([
    { sql: 'INSERT INTO batch_probe (id, note) VALUES ($1, $2)', params: [1, 'first'] },
    { sql: "UPDATE batch_probe SET note = note || ', then second' WHERE id = 1" },
    { sql: 'SELECT note FROM batch_probe WHERE id = $1', params: [1] },
  ]);
  expect(rows).toEqual([[], [], [{ note: 'first, then second' }]]);
  expect(await notes()).toEqual([{ id: 1, note: 'first, then second' }]);
});

it('keeps none of them when one fails, and says why', async () => {
  await expect(
    db.batch([
      { sql: 'INSERT INTO batch_probe (id, note) VALUES ($1, $2)', params: [2, 'kept?'] },
      { sql: 'INSERT INTO batch_probe (id, note) VALUES ($1, $2)', params: [1, 'a second row 1'] },
    ]),
  ).rejects.toThrow(/duplicate key/);
  expect(await notes()).toEqual([{ id: 1, note: 'first, then second' }]);
  // The database serves the next call as usual.
  await db.batch([{ sql: 'INSERT INTO batch_probe (id, note) VALUES ($1, $2)', params: [2, 'after'] }]);
  expect(await notes()).toHaveLength(2);
});
