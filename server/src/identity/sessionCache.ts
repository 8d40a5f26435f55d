import type { Db } from '../db/client';

/** What a session lookup resolves to, with the two times the expiry checks need (epoch ms, from the database). */
export interface CachedSession {
  userId: number;
  username: string;
  createdAt: number;
  lastSeenAt: number;
}

/** Enough for every applicant active at once on one server; past it the least recently used goes (and is read again). */
export const SESSION_CACHE_MAX = 10_000;

/**
 * Resolved sessions of the embedded database, keyed by the session id's hash, so an /api request does not pay a
 * query to learn who is calling. Coherent only because (1) PGlite is opened by this process alone (db/lock.ts) and
 * (2) every write to the sessions table goes through identity/sessions.ts, which tells this cache.
 *
 * A lookup that missed reads the database, then stores what it read. If a revoke ran meanwhile, what it read may be
 * from before the revoke, so `set` drops it: every forget bumps `generation`, and `set` only stores a lookup that
 * started in the current generation.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private currentGeneration = 0;

  constructor(private readonly max = SESSION_CACHE_MAX) {}

  get size() {
    return this.entries.size;
  }

  get(sessionHash: string): CachedSession | undefined {
    return this.entries.get(sessionHash);
  }

  /** Read it before the database lookup and give it back to `set`. */
  generation(): number {
    return this.currentGeneration;
  }

  /** Stores (or refreshes) an entry; every use re-stores it, so the Map's order is least recently used first. */
  set(sessionHash: string, session: CachedSession, lookupGeneration: number) {
    if (lookupGeneration !== this.currentGeneration) return;
    this.entries.delete(sessionHash);
    this.entries.set(sessionHash, session);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * Call once the revoking write has run, never before: a lookup that started in between would read the row as
   * still valid and, finding the generation unchanged, store it.
   */
  forgetSession(sessionHash: string) {
    this.currentGeneration++;
    this.entries.delete(sessionHash);
  }

  /** Every session of the user (password reset); the same rule as forgetSession. */
  forgetUser(userId: number) {
    this.currentGeneration++;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }
}

const caches = new WeakMap<Db, SessionCache>();

/**
 * The session cache of this database, or null where there must be none: on PostgreSQL several server instances
 * may share the database, and a logout or password reset on one of them would leave the others accepting the
 * revoked session from their own memory. There every lookup reads the table (the pool runs them in parallel).
 */
export function sessionCacheOf(db: Db): SessionCache | null {
  if (db.kind !== 'pglite') return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}
