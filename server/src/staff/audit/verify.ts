import type { Queryable } from '../../db/client';
import { GENESIS_HASH, rowHash } from './log';

const BATCH = 1000;

interface StoredRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
  user_agent: string;
  prev_hash: string;
  hash: string;
}

export type VerifyResult = { ok: true; rows: number } | { ok: false; rows: number; rowId: string; problem: string };

/**
 * Walks the audit log in id order (keyset batches, constant memory) and recomputes the chain: the first row whose
 * contents no longer match its hash was changed; the first whose previous hash is not the row before it follows a
 * removed (or changed and re-hashed) row. Removing the newest rows leaves a shorter valid chain: keep a copy of the
 * last hash elsewhere (the CLI prints it) to notice that.
 */
export async function verifyAuditLog(db: Queryable): Promise<VerifyResult> {
  let prevHash = GENESIS_HASH;
  let after = '0';
  let count = 0;
  for (;;) {
    const { rows } = await db.query<StoredRow>(
      `SELECT id::text AS id, at, actor, action, target, detail, ip, user_agent, prev_hash, hash
         FROM audit_log WHERE id > $1::bigint ORDER BY audit_log.id LIMIT ${BATCH}`,
      [after],
    );
    for (const row of rows) {
      count++;
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          rows: count,
          rowId: row.id,
          problem: `row ${row.id} does not follow the row before it: a row before it was removed or changed`,
        };
      }
      const expected = rowHash({
        id: row.id,
        at: new Date(row.at),
        actor: row.actor,
        action: row.action as never,
        target: row.target,
        detail: row.detail,
        ip: row.ip,
        userAgent: row.user_agent,
        prevHash: row.prev_hash,
      });
      if (expected !== row.hash) {
        return { ok: false, rows: count, rowId: row.id, problem: `row ${row.id} was changed after it was written` };
      }
      prevHash = row.hash;
    }
    if (rows.length < BATCH) return { ok: true, rows: count };
    after = rows[rows.length - 1].id;
  }
}
