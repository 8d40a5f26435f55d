import type { Queryable } from '../db/client';

/**
 * The deadline_reopenings table's one home (migration 018): one applicant's Submit reopened after the deadline until
 * a time staff chose. The staff console writes it through its audit gate's transaction (staff/deadline/), so the row
 * and its audit entry exist together; every instance's submit reads it (rule.ts).
 */
export interface Reopening {
  until: Date;
  /** The staff member's email, as the audit log names them. */
  by: string;
  at: Date;
}

export async function reopeningOf(db: Queryable, userId: number | string): Promise<Reopening | undefined> {
  const { rows } = await db.query<{ until: Date; reopened_by: string; reopened_at: Date }>(
    'SELECT until, reopened_by, reopened_at FROM deadline_reopenings WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row && { until: new Date(row.until), by: row.reopened_by, at: new Date(row.reopened_at) };
}

/** Reopens (or moves the end of an earlier reopening): the applicant's Submit is accepted until `until`. */
export async function reopen(tx: Queryable, userId: number | string, until: Date, by: string): Promise<void> {
  await tx.query(
    `INSERT INTO deadline_reopenings (user_id, until, reopened_by) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET until = EXCLUDED.until, reopened_by = EXCLUDED.reopened_by,
                                         reopened_at = now()`,
    [userId, until.toISOString(), by],
  );
}

/** Withdraws the reopening; the end it had, or undefined when there was none. */
export async function withdraw(tx: Queryable, userId: number | string): Promise<Date | undefined> {
  const { rows } = await tx.query<{ until: Date }>(
    'DELETE FROM deadline_reopenings WHERE user_id = $1 RETURNING until',
    [userId],
  );
  return rows[0] ? new Date(rows[0].until) : undefined;
}
