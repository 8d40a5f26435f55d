import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/client';

/** The file in FILES_DIR that proves it is the folder the database's other instances use. */
export const FILES_MARKER = '.admission-files-marker';
/** How long an instance waits for the marker another instance, starting at once, is about to write. */
const MARKER_WAIT_MS = 5_000;
const MARKER_POLL_MS = 100;

/** The marker's id, or null while there is none (an empty file is one being written: writeFileSync truncates first). */
const readMarker = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || null : null);

/**
 * The marker row is stale (left by a run whose folder is gone: a test run's temporary FILES_DIR, a folder wiped on
 * purpose) when no other instance is connected to this schema (db/client.ts names an instance's connections `admission:<schema>:<instance>`), the
 * database names no stored document (uploaded file, conversion job, PDF copy) and FILES_DIR holds no file: then no
 * instance can disagree and no document can be missing. Any of these failing keeps the refusal.
 */
async function markerIsStale(db: Queryable, filesDir: string): Promise<boolean> {
  if (fs.readdirSync(filesDir, { recursive: true }).length > 0) return false;
  const { rows } = await db.query<{ live: boolean; documents: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                     WHERE application_name LIKE 'admission:' || current_schema() || ':%'
                       AND application_name <> current_setting('application_name')
                       AND datname = current_database()) AS live,
            EXISTS (SELECT 1 FROM upload_keys WHERE uploaded_at IS NOT NULL)
              OR EXISTS (SELECT 1 FROM conversion_jobs)
              OR EXISTS (SELECT 1 FROM application_pdfs WHERE storage_key IS NOT NULL) AS documents`,
  );
  return !rows[0].live && !rows[0].documents;
}

/**
 * On PostgreSQL with local file storage, every instance must see the same FILES_DIR: an upload taken by one
 * instance and converted by another, or a PDF copy built by another, would otherwise fail or leave documents out.
 * The first instance writes a random id into FILES_DIR and into the database (server_secrets); an instance that
 * finds the database's id but not the same file refuses to start. (S3, or PGlite's single process, needs none.)
 */
export async function assertSharedFilesDir(db: Queryable, filesDir: string) {
  const file = path.join(filesDir, FILES_MARKER);
  fs.mkdirSync(filesDir, { recursive: true });
  const mine = crypto.randomBytes(16).toString('hex');
  const inserted = await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ('files_marker', $1) ON CONFLICT DO NOTHING RETURNING value`,
    [mine],
  );
  if (inserted.rows.length > 0) {
    fs.writeFileSync(file, mine);
    return;
  }
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'files_marker'`);
  const expected = rows[0].value;
  // An instance starting at the same moment may have stored its id and not yet written the file: wait for it.
  let found = readMarker(file);
  for (let waited = 0; found === null && waited < MARKER_WAIT_MS; waited += MARKER_POLL_MS) {
    await sleep(MARKER_POLL_MS);
    found = readMarker(file);
  }
  if (found === expected) return;
  if (found === null && (await markerIsStale(db, filesDir))) {
    // Left by servers that are gone, on a database that names no document: taking it over loses nothing.
    await db.query(`UPDATE server_secrets SET value = $1, created_at = now() WHERE name = 'files_marker'`, [mine]);
    fs.writeFileSync(file, mine);
    console.error(
      `FILES_DIR (${filesDir}) had no marker and no other instance is running on a database that names no document: ` +
        `this folder is now the documents folder of this database.`,
    );
    return;
  }
  throw new Error(
    `FILES_DIR (${filesDir}) is not the documents folder the other instances on this database use: ${file} ` +
      `${found === null ? 'is missing' : 'holds another id'} (expected ${expected}). Several instances need shared ` +
      `storage: set S3_BUCKET (S3 or an S3-compatible service), or point FILES_DIR at one folder they all mount. ` +
      `If this folder really holds the documents (moved on purpose), write ${expected} into ${file}.`,
  );
}
