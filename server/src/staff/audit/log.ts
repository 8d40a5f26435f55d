import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { Db, Queryable } from '../../db/client';
import type { AuditAction } from '../../../../src/kernel/staff/audit';

/** One audited read or action: who (a staff email, `service-token:<id>`, `cli`, `admin-api`), what, on what. */
export interface AuditEntry {
  actor: string;
  action: AuditAction;
  /** What it was done to: an applicant's id, a staff email, a token id… */
  target?: string;
  /** Anything else worth keeping (a search's words, an export's rows and SHA-256), as text. */
  detail?: string;
  ip?: string;
  userAgent?: string;
}

export interface AuditRecord extends Required<AuditEntry> {
  id: string;
  at: Date;
  prevHash: string;
  hash: string;
}

/** A query as the log keeps it, in `detail`: its non-empty parameters as "key=value", a search's words among them. */
export const queryDetail = (query: object, skip: readonly string[] = []) =>
  Object.entries(query)
    .filter(([key, value]) => value && !skip.includes(key))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');

/** The first row's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);
/** Appends are serialised by this advisory lock, on any number of instances: the chain has one order. */
const APPEND_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('admission:audit:' || current_schema()))`;
/** Stored fields are bounded: a long user agent or search must not bloat the log. */
const MAX_FIELD = 2000;

const clip = (value: string | undefined) => (value ?? '').slice(0, MAX_FIELD);

/** The row's hash: its previous row's hash and every field, in a fixed order. verify.ts recomputes it. */
export function rowHash(row: Omit<AuditRecord, 'hash'>): string {
  const fields = [row.id, row.at.toISOString(), row.actor, row.action, row.target, row.detail, row.ip, row.userAgent];
  return crypto.createHash('sha256').update(row.prevHash).update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends `entry` in `tx` (a transaction the caller holds, so a change and its audit row commit together), under
 * the append lock: the previous row's hash, the next id, the new row's hash.
 */
export async function appendInTransaction(tx: Queryable, entry: AuditEntry): Promise<AuditRecord> {
  await tx.query(APPEND_LOCK_SQL);
  const last = await tx.query<{ hash: string }>('SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1');
  const next = await tx.query<{ id: string }>(`SELECT nextval('audit_log_id_seq')::text AS id`);
  const row: Omit<AuditRecord, 'hash'> = {
    id: next.rows[0].id,
    // Milliseconds, as a Date holds them: what is hashed is exactly what reads back.
    at: new Date(),
    actor: clip(entry.actor),
    action: entry.action,
    target: clip(entry.target),
    detail: clip(entry.detail),
    ip: clip(entry.ip),
    userAgent: clip(entry.userAgent),
    prevHash: last.rows[0]?.hash ?? GENESIS_HASH,
  };
  const record = { ...row, hash: rowHash(row) };
  await tx.query(
    `INSERT INTO audit_log (id, at, actor, action, target, detail, ip, user_agent, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      record.id,
      record.at,
      record.actor,
      record.action,
      record.target,
      record.detail,
      record.ip,
      record.userAgent,
      record.prevHash,
      record.hash,
    ],
  );
  return record;
}

/**
 * The actions written while a staff route's handler runs: the gate (plugin.ts) runs each handler in its own set and,
 * when the route answers 2xx, requires the action it declares to be among them. Outside a staff route (the admin API,
 * the CLI, a service token) there is no set and nothing is noted.
 */
const writtenInRequest = new AsyncLocalStorage<Set<AuditAction>>();

/** Runs `work` (a route's handler) noting every action the audit log writes meanwhile in `written`. */
export const noteWrites = <T>(written: Set<AuditAction>, work: () => T): T => writtenInRequest.run(written, work);

/** Called once a row is committed (never inside its transaction: a rolled-back row was not written). */
export const noteWritten = (action: AuditAction) => writtenInRequest.getStore()?.add(action);

export interface AuditLog {
  /** Appends one entry in a transaction of its own. */
  append(entry: AuditEntry): Promise<void>;
}

export function createAuditLog(db: Db): AuditLog {
  return {
    async append(entry) {
      await db.transaction((tx) => appendInTransaction(tx, entry));
      noteWritten(entry.action);
    },
  };
}
