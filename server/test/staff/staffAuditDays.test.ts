import { makeApp, type TestApp } from '../helpers';
import { asStaff, newStaff, type EnrolledStaff } from './helpers';

/**
 * The audit log's from/to dates are days in the college's time zone (COLLEGE_TIME_ZONE, America/New_York by
 * default), inclusive, as every time the console shows: an action at 23:30 in New York is on that day, though it is
 * the next day in UTC.
 */
let t: TestApp;
let admin: EnrolledStaff;
beforeAll(async () => {
  t = await makeApp();
  admin = await newStaff(t, 'dean@college.edu', 'admin');
  // Rows at chosen times (the log's own appends are stamped now; the chain does not matter to a filter).
  for (const [at, detail] of [
    ['2026-11-27T04:59:00Z', 'Nov 26, 23:59 in New York'],
    ['2026-11-27T05:00:00Z', 'Nov 27, 00:00 in New York'],
    ['2026-11-28T04:30:00Z', 'Nov 27, 23:30 in New York'],
    ['2026-11-28T05:00:00Z', 'Nov 28, 00:00 in New York'],
  ]) {
    await t.app.db.query(
      `INSERT INTO audit_log (id, at, actor, action, detail, prev_hash, hash)
       VALUES (nextval('audit_log_id_seq'), $1, 'cli:test', 'search', $2, '', '')`,
      [at, detail],
    );
  }
});
afterAll(() => t.close());

async function detailsOf(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/staff/api/audit?actor=cli:test&${query}`,
    ...asStaff(admin.cookie),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().rows as { detail: string }[]).map((row) => row.detail);
}

test('to=2026-11-27 includes 23:30 that evening in New York (04:30 UTC the next day)', async () => {
  expect(await detailsOf('to=2026-11-27')).toEqual([
    'Nov 27, 23:30 in New York',
    'Nov 27, 00:00 in New York',
    'Nov 26, 23:59 in New York',
  ]);
});

test('from=2026-11-28 starts at midnight in New York; from and to of one day give that day', async () => {
  expect(await detailsOf('from=2026-11-28')).toEqual(['Nov 28, 00:00 in New York']);
  expect(await detailsOf('from=2026-11-27&to=2026-11-27')).toEqual([
    'Nov 27, 23:30 in New York',
    'Nov 27, 00:00 in New York',
  ]);
});

test('in another college time zone the same dates are that zone’s days', async () => {
  const tokyo = await makeApp({ collegeTimeZone: 'Asia/Tokyo' });
  try {
    const staff = await newStaff(tokyo, 'dean@college.edu', 'admin');
    await tokyo.app.db.query(
      `INSERT INTO audit_log (id, at, actor, action, detail, prev_hash, hash)
       VALUES (nextval('audit_log_id_seq'), '2026-11-27T15:30:00Z', 'cli:test', 'search', 'Nov 28, 00:30 in Tokyo', '', '')`,
    );
    const on = async (day: string) =>
      (
        await tokyo.app.inject({
          method: 'GET',
          url: `/staff/api/audit?actor=cli:test&from=${day}&to=${day}`,
          ...asStaff(staff.cookie),
        })
      ).json().rows.length;
    expect({ nov27: await on('2026-11-27'), nov28: await on('2026-11-28') }).toEqual({ nov27: 0, nov28: 1 });
  } finally {
    await tokyo.close();
  }
});
