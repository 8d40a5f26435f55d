import { ANSWER_MESSAGES } from '../../src/answers/service';
import type { Config } from '../../src/config';
import { unauthorized } from '../../src/http/errors';
import { asUser, newApplicant, type TestApp } from '../helpers';
import { startInstances, stopInstances } from '../support/instances';

/**
 * On PostgreSQL a save checks its session in its own statement (one round trip instead of a lookup, then the
 * update), after its body: the same answers as when the session was looked up first, for every kind of session and
 * body, on real PostgreSQL.
 */
const UNAUTHORIZED = unauthorized().message;

async function withInstances(count: number, overrides: Partial<Config>, fn: (instances: TestApp[]) => Promise<void>) {
  const instances = await startInstances(count, overrides);
  try {
    await fn(instances);
  } finally {
    await stopInstances(instances);
  }
}

const save = (t: TestApp, cookie: string | undefined, payload: string | object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/answer',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload,
  });

const storedAnswer = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(cookie) })).json().answer;

const sessionRow = async (t: TestApp, username: string) =>
  (
    await t.app.db.query<{ revoked: boolean; last_seen_age_s: number }>(
      `SELECT s.revoked_at IS NOT NULL AS revoked, extract(epoch FROM now() - s.last_seen_at)::float8 AS last_seen_age_s
         FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = $1`,
      [username],
    )
  ).rows[0];

it('a save with a valid session is one query (when no touch is due), and lands', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'one-query@example.com');
    expect((await save(t, cookie, { first_name: 'Ada' })).statusCode).toBe(200); // the row exists
    const query = jest.spyOn(t.app.db, 'query');
    const prepared = jest.spyOn(t.app.db, 'prepared');
    const res = await save(t, cookie, { first_name: 'Grace' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ANSWER_MESSAGES.saved, version: 2 });
    // Only statements on the save's tables: the workers poll theirs (conversion_jobs, upload_keys…) meanwhile.
    const sqlOfSave = [...query.mock.calls.map((c) => c[0]), ...prepared.mock.calls.map((c) => c[1])].filter((sql) =>
      /\b(sessions|applications)\b/.test(sql),
    );
    expect(sqlOfSave).toHaveLength(1);
    query.mockRestore();
    prepared.mockRestore();
    expect(await storedAnswer(t, cookie)).toEqual({ first_name: 'Grace' });
  });
});

it('a forged session, or none, is 401 with the message, its cookies cleared, the answers untouched', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'forged@example.com');
    expect((await save(t, cookie, { first_name: 'Ada' })).statusCode).toBe(200);
    const forged = await save(t, 'sid=forged', { first_name: 'Mallory' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(UNAUTHORIZED);
    expect(String(forged.headers['set-cookie'])).toMatch(/sid=;/);
    // Without a cookie the body is not even read: not valid JSON, still 401.
    const none = await save(t, undefined, '{not json');
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(UNAUTHORIZED);
    expect(await storedAnswer(t, cookie)).toEqual({ first_name: 'Ada' });
  });
});

it('a body refused as malformed or invalid is still told 401 first when the session is not valid', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'bad-body@example.com');
    for (const body of ['{not json', { first_name: 5 }, { ['x'.repeat(5000)]: 'long key' }]) {
      const forged = await save(t, 'sid=forged', body);
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(UNAUTHORIZED);
      expect(String(forged.headers['set-cookie'])).toMatch(/sid=;/);
      // With a valid session the same body is what is wrong.
      expect((await save(t, cookie, body)).statusCode).toBe(400);
    }
  });
});

it('a session logged out on another instance cannot save on this one, right away', async () => {
  await withInstances(2, {}, async ([a, b]) => {
    const cookie = await newApplicant(a, 'logout@example.com');
    expect((await save(a, cookie, { first_name: 'Ada' })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode).toBe(200);
    const res = await save(a, cookie, { first_name: 'After logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UNAUTHORIZED);
  });
});

it('an idle session cannot save, and is revoked in the table', async () => {
  await withInstances(1, { sessionIdleMs: 1500 }, async ([t]) => {
    const cookie = await newApplicant(t, 'idle-save@example.com');
    expect((await save(t, cookie, { first_name: 'Ada' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    // Even with a body it would refuse, the answer is the session's end, and the session is revoked.
    expect((await save(t, cookie, '{not json')).statusCode).toBe(401);
    expect((await sessionRow(t, 'idle-save@example.com')).revoked).toBe(true);
    const res = await save(t, cookie, { first_name: 'Too late' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UNAUTHORIZED);
    expect((await sessionRow(t, 'idle-save@example.com')).revoked).toBe(true);
  });
});

it('a session past its absolute time cannot save, however active', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'old-save@example.com');
    // Made longer ago than the absolute limit (12 hours by default), used a second ago.
    await t.app.db.query(
      `UPDATE sessions SET created_at = now() - interval '13 hours', last_seen_at = now() - interval '1 second'
        WHERE user_id = (SELECT id FROM users WHERE username = 'old-save@example.com')`,
    );
    const res = await save(t, cookie, { first_name: 'Too old' });
    expect(res.statusCode).toBe(401);
    expect((await sessionRow(t, 'old-save@example.com')).revoked).toBe(true);
  });
});

it('a save marks the session as used when it was last seen over a minute ago, not on every save', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'touch@example.com');
    const lastSeen = (age: string) =>
      t.app.db.query(
        `UPDATE sessions SET last_seen_at = now() - $1::interval
          WHERE user_id = (SELECT id FROM users WHERE username = 'touch@example.com')`,
        [age],
      );
    await lastSeen('30 seconds');
    expect((await save(t, cookie, { first_name: 'Ada' })).statusCode).toBe(200);
    expect((await sessionRow(t, 'touch@example.com')).last_seen_age_s).toBeGreaterThanOrEqual(29);
    await lastSeen('5 minutes');
    expect((await save(t, cookie, { first_name: 'Grace' })).statusCode).toBe(200);
    expect((await sessionRow(t, 'touch@example.com')).last_seen_age_s).toBeLessThan(10);
  });
});

it('an account without its application row yet saves (the row is made), and a submitted one gets 409', async () => {
  await withInstances(1, {}, async ([t]) => {
    const cookie = await newApplicant(t, 'no-row@example.com');
    await t.app.db.query(
      `DELETE FROM applications WHERE user_id = (SELECT id FROM users WHERE username = 'no-row@example.com')`,
    );
    expect((await save(t, cookie, { first_name: 'Ada' })).statusCode).toBe(200);
    expect(await storedAnswer(t, cookie)).toEqual({ first_name: 'Ada' });
    await t.app.db.query(
      `UPDATE applications SET submitted_at = now()
        WHERE user_id = (SELECT id FROM users WHERE username = 'no-row@example.com')`,
    );
    const res = await save(t, cookie, { first_name: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'AlreadySubmitted', message: ANSWER_MESSAGES.alreadySubmitted });
    expect(await storedAnswer(t, cookie)).toEqual({ first_name: 'Ada' });
  });
});
