import type { Queryable } from '../db/client';
import type { Statement } from '../db/statements';

/** Failed sign-ins before an account backs off; then 30 s doubling per failure, at most 15 minutes. */
export const LOGIN_BACKOFF = {
  failuresBeforeBackoff: 5,
  baseMs: 30_000,
  maxMs: 15 * 60_000,
};

/**
 * The lock an attempt leaves, as SQL over the failures counted so far (`failures`, before this attempt) and the
 * parameters $2..$4 (LOGIN_BACKOFF): none before the failuresBeforeBackoff-th failure, then 30 s doubling, at most
 * 15 minutes. One home for the rule, whichever table counts.
 */
const lockAfter = (failures: string) => `CASE WHEN ${failures} + 1 >= $2
              THEN now() + least($4::float8, $3::float8 * power(2, ${failures} + 1 - $2)) * interval '1 millisecond'
              ELSE NULL END`;

const backoffParams = () => [LOGIN_BACKOFF.failuresBeforeBackoff, LOGIN_BACKOFF.baseMs, LOGIN_BACKOFF.maxMs];

/** The tables whose rows sign in: applicants (users) and staff (staff_accounts), each with the same two columns. */
type AccountTable = 'users' | 'staff_accounts';

/**
 * Claims one sign-in attempt, atomically in the database: one statement counts it as a failure in advance and,
 * from the LOGIN_BACKOFF.failuresBeforeBackoff-th on, locks the account (30 s doubling, at most 15 minutes). An
 * attempt that finds the account locked gets no row and is refused before its password is checked, so parallel
 * guesses (on one instance or several) get no more tries than sequential ones. clearLoginFailures after a success.
 */
export async function claimLoginAttempt(
  db: Queryable,
  table: AccountTable,
  id: string,
): Promise<{ locked: false } | { locked: true; until: Date }> {
  const { rows } = await db.query<{ failed_logins: number }>(
    `UPDATE ${table} SET failed_logins = failed_logins + 1,
            locked_until = ${lockAfter('failed_logins')}
      WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now())
      RETURNING failed_logins`,
    [id, ...backoffParams()],
  );
  if (rows[0]) return { locked: false };
  const locked = await db.query<{ locked_until: Date | null }>(`SELECT locked_until FROM ${table} WHERE id = $1`, [id]);
  return { locked: true, until: new Date(locked.rows[0]?.locked_until ?? Date.now()) };
}

/** An attempt claimed by the email typed: refused while locked, or counted, and whether this one locks it (how long). */
export type KeyedAttempt = { locked: false; locksForMs: number | null } | { locked: true; waitMs: number };

/**
 * The staff's lockout: by the email typed (its hash, `key`), not by account, so an address with no account locks
 * after the same failures, with the same answers, as one with an account (their row is the same kind of row). Like
 * claimLoginAttempt, one statement counts the attempt as a failure in advance or finds it locked, atomically on any
 * number of instances (the row made first if missing); a locked one reads how long is left. A failure
 * is forgotten a day after the last one (pruned here), as an address nobody types again must not stay forever.
 */
export async function claimKeyedAttempt(db: Queryable, key: string): Promise<KeyedAttempt> {
  await db.query(`DELETE FROM staff_sign_in_attempts WHERE last_failed_at < now() - interval '1 day'`);
  await db.query('INSERT INTO staff_sign_in_attempts (key_hash) VALUES ($1) ON CONFLICT DO NOTHING', [key]);
  const { rows } = await db.query<{ locks_for_ms: number | null }>(
    `UPDATE staff_sign_in_attempts SET failed_logins = failed_logins + 1, last_failed_at = now(),
            locked_until = ${lockAfter('failed_logins')}
      WHERE key_hash = $1 AND (locked_until IS NULL OR locked_until <= now())
      RETURNING date_part('epoch', locked_until - now()) * 1000 AS locks_for_ms`,
    [key, ...backoffParams()],
  );
  if (rows[0]) {
    const ms = rows[0].locks_for_ms;
    return { locked: false, locksForMs: ms === null ? null : Number(ms) };
  }
  const locked = await db.query<{ wait_ms: number }>(
    `SELECT greatest(0, date_part('epoch', locked_until - now()) * 1000) AS wait_ms
       FROM staff_sign_in_attempts WHERE key_hash = $1`,
    [key],
  );
  return { locked: true, waitMs: Number(locked.rows[0]?.wait_ms ?? 0) };
}

/** After a success (or an enrolment): the email typed starts again from no failures. */
export async function clearKeyedAttempts(db: Queryable, key: string) {
  await db.query('DELETE FROM staff_sign_in_attempts WHERE key_hash = $1', [key]);
}

/** clearLoginFailures's statement, for a batch (the applicant's login: identity/service.ts). */
export const clearLoginFailuresStatement = (table: AccountTable, id: string): Statement => ({
  sql: `UPDATE ${table} SET failed_logins = 0, locked_until = NULL WHERE id = $1`,
  params: [id],
});

export async function clearLoginFailures(db: Queryable, table: AccountTable, id: string) {
  const { sql, params } = clearLoginFailuresStatement(table, id);
  await db.query(sql, params);
}

/**
 * "Too many failed attempts. Please try again in N minutes" (whole minutes, at least one), without its end: the
 * applicants' adds "or reset your password.", the staff's a full stop.
 */
export function lockedMessage(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
