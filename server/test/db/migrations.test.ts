import { migrate } from '../../src/db/migrate';
import { makeApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

it('has applied every migration, and running them again does nothing', async () => {
  expect(await migrate(t.app.db)).toEqual([]);
});

it('keeps the answer map compressed in the row (STORAGE MAIN), not in the TOAST table', async () => {
  const { rows } = await t.app.db.query<{ attstorage: string }>(
    `SELECT attstorage FROM pg_attribute WHERE attrelid = 'applications'::regclass AND attname = 'answer'`,
  );
  expect(rows).toEqual([{ attstorage: 'm' }]);
});
