/**
 * The night's applicants, written straight into the server's database before it starts (one process owns
 * PGlite's files; on PostgreSQL its schema), so that thousands cost seconds instead of two scrypt hashes each:
 * confirmed accounts sharing one password hash (made once, with the server's own hashing), a complete application
 * each and a session each. Three pools that never mix, so every write the loss proof checks is one kind's:
 * savers (saves, and the logins log in as them), uploaders (one upload each) and submitters (one submit each).
 * The staff admin is added with the admin CLI's own command; it enrols through the API once the server runs.
 */
import crypto from 'node:crypto';
import { buildApp } from '../server/src/app';
import { runCommand } from '../server/src/cli';
import { loadConfig } from '../server/src/config';
import { hashPassword } from '../server/src/identity/passwords';
import { SESSION_COOKIE } from '../server/src/identity/sessions';
import { hashToken, randomToken } from '../server/src/identity/tokens';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { PASSWORD } from './appServer';
import { STAFF_ADMIN } from './console';

export interface NightApplicant {
  userId: number;
  username: string;
  /** The Cookie header of its session. */
  cookie: string;
}

export interface NightPools {
  savers: NightApplicant[];
  uploaders: NightApplicant[];
  submitters: NightApplicant[];
  /** Each saver's application version when seeded (the loss proof counts the versions saves added). */
  seededVersion: number;
  /** The saves' body (a complete application). */
  answersJson: string;
}

export interface PoolSizes {
  savers: number;
  uploaders: number;
  submitters: number;
}

async function insertPool(
  db: { query: <R>(sql: string, params?: unknown[]) => Promise<{ rows: R[] }> },
  label: string,
  count: number,
  passwordHash: string,
  answersJson: string,
): Promise<NightApplicant[]> {
  const tag = crypto.randomBytes(4).toString('hex');
  const usernames = Array.from({ length: count }, (_, i) => `night-${label}-${i}-${tag}@example.com`);
  const { rows } = await db.query<{ id: string; username: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at)
       SELECT u, $2, now() FROM unnest($1::text[]) AS u RETURNING id, username`,
    [usernames, passwordHash],
  );
  const ids = rows.map((r) => Number(r.id));
  await db.query(
    `INSERT INTO applications (user_id, answer, add_another) SELECT id, $2::jsonb, '{"activity": 4}'::jsonb
       FROM unnest($1::bigint[]) AS id`,
    [ids, answersJson],
  );
  const tokens = ids.map(() => randomToken());
  await db.query('INSERT INTO sessions (id_hash, user_id) SELECT * FROM unnest($1::text[], $2::bigint[])', [
    tokens.map(hashToken),
    ids,
  ]);
  return rows.map((r, i) => ({ userId: ids[i], username: r.username, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
}

/** Seeds the pools (and the staff admin) into the database `env` names, before its server starts. */
export async function seedNight(env: NodeJS.ProcessEnv, sizes: PoolSizes): Promise<NightPools> {
  const app = await buildApp(loadConfig(env, { logLevel: 'warn', staticDir: '/nonexistent' }));
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const answersJson = JSON.stringify(completeApplication());
    const pool = (label: string, n: number) => insertPool(app.db, label, n, passwordHash, answersJson);
    const savers = await pool('saver', sizes.savers);
    const uploaders = await pool('uploader', sizes.uploaders);
    const submitters = await pool('submitter', sizes.submitters);
    await runCommand(app, ['staff', 'add', STAFF_ADMIN, '--role', 'admin']);
    return { savers, uploaders, submitters, seededVersion: 0, answersJson };
  } finally {
    await app.close();
  }
}
