import type { Db, Queryable } from '../../db/client';
import { appendInTransaction, createAuditLog, noteWritten, type AuditEntry, type AuditLog } from './log';

export type { Queryable };

/**
 * The only way staff code reaches the database (lint keeps server/src/staff/ outside audit/ from importing db/):
 * a read of applicants' data or a change goes with its audit row, and staff bookkeeping is held to staff tables.
 */
export interface Gate {
  /** Writes the audit row first, then reads: nothing is read that the log does not show. */
  audited<T>(entry: AuditEntry, read: (db: Queryable) => Promise<T>): Promise<T>;
  /**
   * Writes the audit row and hands out the database for a read that goes on after the answer has started (a CSV
   * streamed in batches): the row is there before the first byte.
   */
  openAudited(entry: AuditEntry): Promise<Queryable>;
  /** A change and its audit row, in one transaction: both or neither. */
  changed<T>(entry: AuditEntry | ((result: T) => AuditEntry), change: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Staff bookkeeping (accounts, sessions, sign-in flows): statements on staff_* tables only. */
  own: Queryable;
  /** Own-table statements in one transaction. */
  ownTransaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  log: AuditLog;
}

/** FROM, JOIN, INTO and UPDATE each name a table; in `own` every one of them must be a staff_ table. */
const TABLE_REFERENCE = /\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi;

export function assertStaffTablesOnly(sql: string) {
  for (const [, table] of sql.matchAll(TABLE_REFERENCE)) {
    if (!table.toLowerCase().startsWith('staff_')) {
      throw new Error(`Staff bookkeeping may use staff_ tables only, not ${table}: read through gate.audited`);
    }
  }
}

const ownOnly = (db: Queryable): Queryable => ({
  async query(sql, params) {
    assertStaffTablesOnly(sql);
    return db.query(sql, params);
  },
});

export function createGate(db: Db): Gate {
  const log = createAuditLog(db);
  return {
    async audited(entry, read) {
      await log.append(entry);
      return read(db);
    },
    async openAudited(entry) {
      await log.append(entry);
      return db;
    },
    async changed(entry, change) {
      let action: AuditEntry['action'] | undefined;
      const result = await db.transaction(async (tx) => {
        const changedResult = await change(tx);
        const written = typeof entry === 'function' ? entry(changedResult) : entry;
        await appendInTransaction(tx, written);
        action = written.action;
        return changedResult;
      });
      noteWritten(action!);
      return result;
    },
    own: ownOnly(db),
    ownTransaction: (work) => db.transaction((tx) => work(ownOnly(tx))),
    log,
  };
}
