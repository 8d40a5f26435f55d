import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../src/db/client';
import { createVacuumTimer } from '../src/db/vacuum';
import { makeApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const fakeLog = () => {
  const log = { debug: jest.fn(), warn: jest.fn() };
  return Object.assign(log as unknown as FastifyBaseLogger, { calls: log });
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('runs VACUUM, and ANALYZE of the tables that changed, on the embedded database, on a timer, until stopped', async () => {
  const log = fakeLog();
  const timer = createVacuumTimer(t.app.db, log, 20);
  if (t.app.db.kind !== 'pglite') {
    expect(timer).toBeNull(); // PostgreSQL's autovacuum does it
    return;
  }
  await t.app.db.exec(`CREATE TABLE vacuum_probe (id int PRIMARY KEY, n int);
    INSERT INTO vacuum_probe SELECT g, 0 FROM generate_series(1, 50) g;
    UPDATE vacuum_probe SET n = n + 1;`);
  // The changes reach the statistics once the session flushes them (at most every second).
  const changes = async () =>
    (
      await t.app.db.query<{ n: number }>(
        `SELECT n_mod_since_analyze::int AS n FROM pg_stat_user_tables WHERE relname = 'vacuum_probe'`,
      )
    ).rows[0].n;
  while ((await changes()) < 100) await wait(100);
  timer!.start();
  while (log.calls.debug.mock.calls.length < 2) await wait(20);
  await timer!.stop();
  // The probe's 100 changes are more than 50 plus a tenth of its 50 rows: analyzed once, then not again.
  expect(log.calls.debug).toHaveBeenNthCalledWith(
    1,
    { ms: expect.any(Number), analyzed: expect.arrayContaining(['vacuum_probe']) },
    'VACUUM done',
  );
  expect(log.calls.debug).toHaveBeenNthCalledWith(2, { ms: expect.any(Number), analyzed: [] }, 'VACUUM done');
  expect(log.calls.warn).not.toHaveBeenCalled();
  const { rows } = await t.app.db.query<{ vacuumed: boolean; analyzed: boolean }>(
    `SELECT vacuum_count > 0 AS vacuumed, analyze_count = 1 AS analyzed
       FROM pg_stat_user_tables WHERE relname = 'vacuum_probe'`,
  );
  expect(rows).toEqual([{ vacuumed: true, analyzed: true }]);
  const runs = log.calls.debug.mock.calls.length;
  await wait(60);
  expect(log.calls.debug.mock.calls.length).toBe(runs); // stopped
});

it('logs a failed VACUUM and keeps going', async () => {
  const log = fakeLog();
  const db = {
    kind: 'pglite',
    exec: jest.fn().mockRejectedValue(new Error('disk full')),
    query: jest.fn(),
  } as unknown as Db;
  const timer = createVacuumTimer(db, log, 10)!;
  timer.start();
  await wait(60);
  await timer.stop();
  expect(log.calls.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'VACUUM failed');
  expect((db.exec as jest.Mock).mock.calls.length).toBeGreaterThan(1);
});

it('is not created on PostgreSQL', () => {
  expect(createVacuumTimer({ kind: 'postgres' } as Db, fakeLog())).toBeNull();
});
