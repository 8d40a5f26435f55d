import type { Queryable } from '../db/client';

/** Failed sign-ins before an account backs off; then 30 s doubling per failure, at most 15 minutes. */
export const LOGIN_BACKOFF = {
  failuresBeforeBackoff: 5,
  baseMs: 30_000,
  maxMs: 15 * 60_000,
};

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
            locked_until = CASE WHEN failed_logins + 1 >= $2
              THEN now() + least($4::float8, $3::float8 * power(2, failed_logins + 1 - $2)) * interval '1 millisecond'
              ELSE NULL END
      WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now())
      RETURNING failed_logins`,
    [id, LOGIN_BACKOFF.failuresBeforeBackoff, LOGIN_BACKOFF.baseMs, LOGIN_BACKOFF.maxMs],
  );
  if (rows[0]) return { locked: false };
  const locked = await db.query<{ locked_until: Date | null }>(`SELECT locked_until FROM ${table} WHERE id = $1`, [id]);
  return { locked: true, until: new Date(locked.rows[0]?.locked_until ?? Date.now()) };
}

export async function clearLoginFailures(db: Queryable, table: AccountTable, id: string) {
  await db.query(`UPDATE ${table} SET failed_logins = 0, locked_until = NULL WHERE id = $1`, [id]);
}

/**
 * "Too many failed attempts. Please try again in N minutes" (whole minutes, at least one), without its end: the
 * applicants' adds "or reset your password.", the staff's a full stop.
 */
export function lockedMessage(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
