import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Gate } from '../audit/gate';

/**
 * The staff's authenticator secrets are stored encrypted (AES-256-GCM), so a dump of the database alone does not
 * let anyone compute their codes: the key is never in the database. It is STAFF_TOTP_KEY, or else a key the server
 * makes once and keeps in DATA_DIR/staff-totp.key (beside the database folder, not in it, nor in a backup).
 * A stored value reads `v1:<iv>:<ciphertext>:<tag>` (base64url): the version names the scheme, so a key can be
 * rotated later. The database keeps only a check of the key (an HMAC of a fixed text: staff_totp_key), so an
 * instance started with another key says so at start-up instead of reading garbage.
 */
export const TOTP_KEY_FILE = 'staff-totp.key';
const VERSION = 'v1';
/** Bound to what the value is (GCM's additional data): a ciphertext made for something else does not open here. */
const AAD = Buffer.from('admission:staff_accounts.totp_secret');
const KEY_CHECK_TEXT = 'admission:staff-totp-key-check';

/** The key cannot open the stored secrets (not the key they were sealed with, or a value damaged). */
export class TotpKeyError extends Error {}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** A value as stored: encrypted (v1:…), or clear base32 from before encryption (sealed at start-up). */
const isSealed = (stored: string) => stored.startsWith(`${VERSION}:`);

function sealWith(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv).setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join(':');
}

function openWith(key: Buffer, stored: string): string {
  const [version, iv, ciphertext, tag] = stored.split(':');
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new TotpKeyError('not a sealed authenticator secret');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(AAD);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new TotpKeyError('the authenticator secret does not open with this key');
  }
}

/**
 * DATA_DIR/staff-totp.key, made once (random, mode 0600) if missing. Written aside and linked into place, so of
 * several processes starting at once one writes it and the others read the same key.
 */
function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, TOTP_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(aside, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`${file} does not hold a 32-byte key (base64): restore it or set STAFF_TOTP_KEY`);
  return key;
}

/**
 * An in-memory database (tests) dies with its process, and its copies (the tests' migrated template) must open
 * with the key they were made with: it has a fixed key, which protects nothing and needs not.
 */
const IN_MEMORY_KEY = crypto.createHash('sha256').update('admission:in-memory database').digest();

/** STAFF_TOTP_KEY; else, on an in-memory database, its fixed key; else the key file. */
function totpKeyOf(config: Config): Buffer {
  if (config.staff.totpKey) return config.staff.totpKey;
  if (config.memoryDb) return IN_MEMORY_KEY;
  return keyFromFile(config.dataDir);
}

const keyCheckOf = (key: Buffer) => crypto.createHmac('sha256', key).update(KEY_CHECK_TEXT).digest('hex');

/** What the accounts service seals and opens secrets with. Unusable (every call throws) when the key is wrong. */
export interface TotpBox {
  usable: boolean;
  seal(plain: string): string;
  open(stored: string): string;
}

/**
 * The server's box at start-up: the key, checked against the database's check (stored by the first start), and
 * every clear secret left from before encryption sealed. With the wrong key it logs one clear line and changes
 * nothing: the server serves, applicants and single sign-on work, and a staff password sign-in is refused like a
 * wrong code until the right key is back (no crash loop, no secret sealed under a second key).
 */
export async function openTotpBox(gate: Gate, config: Config, log: FastifyBaseLogger): Promise<TotpBox> {
  const key = totpKeyOf(config);
  const check = keyCheckOf(key);
  await gate.own.query('INSERT INTO staff_totp_key (key_check) VALUES ($1) ON CONFLICT DO NOTHING', [check]);
  const { rows } = await gate.own.query<{ key_check: string }>('SELECT key_check FROM staff_totp_key');
  const stored = Buffer.from(rows[0].key_check);
  if (stored.length !== check.length || !crypto.timingSafeEqual(stored, Buffer.from(check))) {
    log.error(
      `The staff authenticator key (${config.staff.totpKey ? 'STAFF_TOTP_KEY' : path.join(config.dataDir, TOTP_KEY_FILE)}) ` +
        'is not the key the staff authenticator secrets were encrypted with: staff cannot sign in with a password ' +
        'and code (single sign-on still works) until this server is given that key. Nothing was changed.',
    );
    const refuse = () => {
      throw new TotpKeyError('the staff authenticator key does not match the database');
    };
    return { usable: false, seal: refuse, open: refuse };
  }
  const box: TotpBox = { usable: true, seal: (plain) => sealWith(key, plain), open: (value) => openWith(key, value) };
  const sealed = await sealClearSecrets(gate, box);
  if (sealed > 0) log.info({ sealed }, 'staff authenticator secrets encrypted at rest');
  return box;
}

/**
 * Seals every clear secret (enrolled and pending), in one transaction under an advisory lock: instances starting
 * at once take turns, and the later ones find nothing left to do. A sealed value is never sealed again.
 */
async function sealClearSecrets(gate: Gate, box: TotpBox): Promise<number> {
  return gate.ownTransaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('admission:staff-totp-seal:' || current_schema()))`);
    const { rows } = await tx.query<{ id: string; totp_secret: string | null; pending_totp_secret: string | null }>(
      `SELECT id::text AS id, totp_secret, pending_totp_secret FROM staff_accounts
        WHERE totp_secret NOT LIKE 'v1:%' OR pending_totp_secret NOT LIKE 'v1:%'`,
    );
    const seal = (value: string | null) => (value === null || isSealed(value) ? value : box.seal(value));
    for (const row of rows) {
      await tx.query('UPDATE staff_accounts SET totp_secret = $2, pending_totp_secret = $3 WHERE id = $1', [
        row.id,
        seal(row.totp_secret),
        seal(row.pending_totp_secret),
      ]);
    }
    return rows.length;
  });
}
