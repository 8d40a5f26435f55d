import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../src/db/client';
import { createVacuumTimer } from '../../src/db/vacuum';
import { makeApp, type TestApp } from '../helpers';

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

it('runs VACUUM of the tables with dead rows, and ANALYZE of those that changed, on the embedded database, on a timer, until stopped', async () => {
  const log = fakeLog();
  const timer = createVacuumTimer(t.app.db, log, 20);
  if (t.app.db.kind !== 'pglite') {
    expect(timer).toBeNull(); // PostgreSQL's autovacuum does it
    return;
  }
  // The probe's 100 dead rows are more than 50 plus a fifth of its 50 rows; the quiet table has none.
  await t.app.db.exec(`CREATE TABLE vacuum_probe (id int PRIMARY KEY, n int);
    INSERT INTO vacuum_probe SELECT g, 0 FROM generate_series(1, 50) g;
    UPDATE vacuum_probe SET n = n + 1;
    UPDATE vacuum_probe SET n = n + 1;
    CREATE TABLE vacuum_quiet (id int PRIMARY KEY);
    INSERT INTO vacuum_quiet SELECT g FROM generate_series(1, 100) g;`);
  // The dead rows reach the statistics once the session flushes them (at most every second).
  const deadRows = async () =>
    (
      await t.app.db.query<{ n: number }>(
        `SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'vacuum_probe'`,
      )
    ).rows[0].n;
  while ((await deadRows()) < 100) await wait(100);
  timer!.start();
  while (log.calls.debug.mock.calls.length < 2) await wait(20);
  await timer!.stop();
  // The probe's 150 changes are more than 50 plus a tenth of its 50 rows: analyzed once, then not again; vacuumed
  // once, then not again. The quiet table is analyzed (100 inserts) but never vacuumed.
  const [first, ...later] = log.calls.debug.mock.calls;
  expect(first).toEqual([
    {
      ms: expect.any(Number),
      vacuumed: expect.arrayContaining(['public.vacuum_probe']),
      analyzed: expect.arrayContaining(['public.vacuum_probe', 'public.vacuum_quiet']),
    },
    'VACUUM done',
  ]);
  expect(first[0].vacuumed).not.toContain('public.vacuum_quiet');
  for (const [fields] of later) {
    expect(fields.vacuumed).not.toContain('public.vacuum_probe');
    expect(fields.analyzed).toEqual([]);
  }
  expect(log.calls.warn).not.toHaveBeenCalled();
  const { rows } = await t.app.db.query<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
    `SELECT relname, vacuum_count > 0 AS vacuumed, analyze_count = 1 AS analyzed
       FROM pg_stat_user_tables WHERE relname IN ('vacuum_probe', 'vacuum_quiet') ORDER BY relname`,
  );
  expect(rows).toEqual([
    { relname: 'vacuum_probe', vacuumed: true, analyzed: true },
    { relname: 'vacuum_quiet', vacuumed: false, analyzed: true },
  ]);
  const runs = log.calls.debug.mock.calls.length;
  await wait(60);
  expect(log.calls.debug.mock.calls.length).toBe(runs); // stopped
});

it('logs a failed VACUUM and keeps going', async () => {
  const log = fakeLog();
  const db = {
    kind: 'pglite',
    exec: jest.fn(),
    query: jest.fn().mockRejectedValue(new Error('disk full')),
  } as unknown as Db;
  const timer = createVacuumTimer(db, log, 10)!;
  timer.start();
  await wait(60);
  await timer.stop();
  expect(log.calls.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'VACUUM failed');
  expect((db.query as jest.Mock).mock.calls.length).toBeGreaterThan(1);
});

it('is not created on PostgreSQL', () => {
  expect(createVacuumTimer({ kind: 'postgres' } as Db, fakeLog())).toBeNull();
});
