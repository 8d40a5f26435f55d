import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { runInOrder } from '../../src/db/statements';
import { SessionCache, sessionCacheOf } from '../../src/identity/sessionCache';
import { resolveSession, revokeAllSessions, revokeSession } from '../../src/identity/sessions';
import { hashToken } from '../../src/identity/tokens';

/** Unit tests of the session cache and of resolveSession's use of it, on a fake database that counts queries. */

const MINUTE = 60_000;
const config = loadConfig({}, { staticDir: '/nonexistent' });

function fakeDb(kind: Db['kind']) {
  const now = Date.now();
  const row = {
    user_id: '7',
    username: 'ada@example.com',
    created_at: new Date(now),
    last_seen_at: new Date(now),
    revoked_at: null as Date | null,
  };
  const queries: string[] = [];
  const db: Db = {
    kind,
    async query<T>(sql: string) {
      queries.push(sql.trim().split(/\s+/)[0]);
      if (sql.startsWith('SELECT')) return { rows: [{ ...row }] as T[] };
      if (sql.includes('SET last_seen_at')) {
        if (row.revoked_at) return { rows: [] };
        row.last_seen_at = new Date(Date.now());
        return { rows: [{ last_seen_at: row.last_seen_at }] as T[] };
      }
      if (sql.includes('SET revoked_at')) row.revoked_at = new Date();
      return { rows: [] };
    },
    prepared: (_name, sql, params) => db.query(sql, params),
    exec: async () => undefined,
    transaction: (fn) => fn(db),
    batch: (statements) => runInOrder(db, statements),
    close: async () => undefined,
  };
  return { db, row, queries };
}

afterEach(() => jest.restoreAllMocks());

describe('SessionCache', () => {
  const session = (userId: number) => ({ userId, username: `u${userId}`, createdAt: 1, lastSeenAt: 1 });

  it('stores a lookup only when no revoke ran since the lookup began', () => {
    const cache = new SessionCache();
    const before = cache.generation();
    cache.forgetSession('other');
    cache.set('a', session(1), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', session(1), cache.generation());
    expect(cache.get('a')).toEqual(session(1));
  });

  it('keeps at most `max` entries, dropping the least recently used', () => {
    const cache = new SessionCache(2);
    cache.set('a', session(1), cache.generation());
    cache.set('b', session(2), cache.generation());
    cache.set('a', session(1), cache.generation()); // used again: b is now the oldest
    cache.set('c', session(3), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('forgets one session, or every session of one user', () => {
    const cache = new SessionCache();
    for (const [hash, user] of [
      ['a1', 1],
      ['a2', 1],
      ['b1', 2],
    ] as const) {
      cache.set(hash, session(user), cache.generation());
    }
    cache.forgetSession('b1');
    expect(cache.get('b1')).toBeUndefined();
    cache.forgetUser(1);
    expect(cache.size).toBe(0);
  });

  it('exists for the embedded database only, one per database', () => {
    const pglite = fakeDb('pglite').db;
    expect(sessionCacheOf(pglite)).toBeInstanceOf(SessionCache);
    expect(sessionCacheOf(pglite)).toBe(sessionCacheOf(pglite));
    expect(sessionCacheOf(fakeDb('pglite').db)).not.toBe(sessionCacheOf(pglite));
    expect(sessionCacheOf(fakeDb('postgres').db)).toBeNull();
  });
});

describe('resolveSession with the cache', () => {
  const token = 'token-of-ada';

  it('on PGlite, reads the table once, then answers from memory', async () => {
    const { db, queries } = fakeDb('pglite');
    const first = await resolveSession(db, config, token);
    expect(first).toEqual({ userId: 7, username: 'ada@example.com', sessionHash: hashToken(token) });
    expect(await resolveSession(db, config, token)).toEqual(first);
    expect(await resolveSession(db, config, token)).toEqual(first);
    expect(queries).toEqual(['SELECT']);
  });

  it('on PostgreSQL, reads the table on every call', async () => {
    const { db, queries } = fakeDb('postgres');
    await resolveSession(db, config, token);
    await resolveSession(db, config, token);
    expect(queries).toEqual(['SELECT', 'SELECT']);
  });

  it('still writes last_seen_at at most once a minute', async () => {
    const { db, row, queries } = fakeDb('pglite');
    const start = Date.now();
    await resolveSession(db, config, token);
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start + 30_000);
    await resolveSession(db, config, token);
    expect(queries).toEqual(['SELECT']);
    clock.mockReturnValue(start + 61_000);
    await resolveSession(db, config, token);
    expect(queries).toEqual(['SELECT', 'UPDATE']);
    expect(row.last_seen_at.getTime()).toBe(start + 61_000);
    clock.mockReturnValue(start + 100_000); // 39 s after the write: no new one
    await resolveSession(db, config, token);
    expect(queries).toEqual(['SELECT', 'UPDATE']);
  });

  it('applies the idle and absolute limits to a cached session', async () => {
    const idle = fakeDb('pglite');
    const start = Date.now();
    await resolveSession(idle.db, config, token);
    jest.spyOn(Date, 'now').mockReturnValue(start + config.sessionIdleMs + 1000);
    expect(await resolveSession(idle.db, config, token)).toBeNull();
    expect(idle.row.revoked_at).not.toBeNull();
    jest.restoreAllMocks();

    const old = fakeDb('pglite');
    await resolveSession(old.db, config, token);
    // Active every 20 minutes (never idle), until the absolute limit passes.
    const clock = jest.spyOn(Date, 'now');
    let t = start;
    while (t + 20 * MINUTE < start + config.sessionAbsoluteMs) {
      t += 20 * MINUTE;
      clock.mockReturnValue(t);
      expect(await resolveSession(old.db, config, token)).not.toBeNull();
    }
    clock.mockReturnValue(start + config.sessionAbsoluteMs + 1000);
    expect(await resolveSession(old.db, config, token)).toBeNull();
  });

  it('refuses a cached session as soon as it is revoked, one or all of the user', async () => {
    const one = fakeDb('pglite');
    await resolveSession(one.db, config, token);
    await revokeSession(one.db, hashToken(token));
    expect(await resolveSession(one.db, config, token)).toBeNull();

    const all = fakeDb('pglite');
    await resolveSession(all.db, config, token);
    await revokeAllSessions(all.db, 7);
    expect(await resolveSession(all.db, config, token)).toBeNull();
  });

  it('does not keep a lookup that raced a revoke', async () => {
    const { db, row } = fakeDb('pglite');
    const query = db.query.bind(db);
    // The lookup reads the row as valid; before it returns, a logout of the same session runs.
    db.query = async <T>(sql: string, params?: unknown[]) => {
      const result = await query<T>(sql, params);
      if (sql.startsWith('SELECT')) {
        db.query = query;
        await revokeSession(db, hashToken(token));
      }
      return result;
    };
    expect(await resolveSession(db, config, token)).not.toBeNull(); // it began before the logout
    expect(row.revoked_at).not.toBeNull();
    expect(sessionCacheOf(db)!.size).toBe(0);
    expect(await resolveSession(db, config, token)).toBeNull();
  });
});
