import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { openDb, type Db } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { assertSharedFilesDir, FILES_MARKER } from '../../src/documents/sharedFiles';

/**
 * The documents folder's marker (documents/sharedFiles.ts) left by servers that are gone, on a database that names no
 * document (a second `npm run test:pg` on the same database, a folder wiped on purpose), is taken over instead of
 * refusing every start; while another instance is live, or once a document exists, a folder without it is refused.
 */
const schema = `fm_${crypto.randomBytes(6).toString('hex')}`;
const config = loadConfig({ DATABASE_URL: process.env.INSTANCES_DATABASE_URL }, { databaseSchema: schema });
let dir: string;
let db: Db;
const folder = (name: string) => path.join(dir, name);
const markerIn = (name: string) => fs.readFileSync(path.join(dir, name, FILES_MARKER), 'utf8');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-marker-'));
  db = await openDb(config);
  await migrate(db);
});
afterAll(async () => {
  await db.exec(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('a marker whose servers are gone is taken over; a live instance or a stored document keeps the refusal', async () => {
  await assertSharedFilesDir(db, folder('first'));
  const first = markerIn('first');

  // Another instance is live on this schema: a folder without the marker is refused, as before.
  const other = await openDb(config);
  try {
    await other.query('SELECT 1');
    await expect(assertSharedFilesDir(db, folder('second'))).rejects.toThrow(/is not the documents folder/);
  } finally {
    await other.close();
  }

  // Nobody else is connected and no document is named: the stale marker is replaced, and the folder marked.
  await assertSharedFilesDir(db, folder('second'));
  const second = markerIn('second');
  expect(second).not.toBe(first);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'files_marker'`);
  expect(rows).toEqual([{ value: second }]);

  // Once the database names a document, a folder without the marker is refused even with nobody else connected.
  await db.query(`INSERT INTO users (username, password_hash) VALUES ('marker@example.com', 'x')`);
  await db.query(
    `INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name)
     SELECT id, 'essay', 'uploads/1/essay/x', 'x.pdf' FROM users WHERE username = 'marker@example.com'`,
  );
  await expect(assertSharedFilesDir(db, folder('third'))).rejects.toThrow(/is not the documents folder/);
}, 60_000);
