import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig } from '../config';
import { claimEmbeddedDb } from '../db/lock';
import { CLI_ACTOR_HEADER } from '../http/adminActor';
import type { PgliteDb } from '../db/pgliteDb';
import { backupStream, restoreBackup, writeBackup } from './archive';

export const BACKUP_USAGE = `  backup <file>                           back up the embedded database and FILES_DIR into <file> (.tar.gz), also
                                          while the server runs (then through its admin API: ADMIN_API_TOKEN, and
                                          ADMIN_URL when the server is not at PUBLIC_URL)
  restore <file>                          restore a backup into a stopped server's DATA_DIR (which must hold no
                                          database yet) and FILES_DIR`;

const POSTGRES =
  'This server runs on PostgreSQL: back it up with pg_dump or point-in-time recovery, and its documents with S3 ' +
  'bucket versioning (README "Running it as a service").';

/**
 * Asks the running server for a backup (POST /admin/backup) and writes it to `file`; the server audits it as
 * `actor` (the CLI's `cli:<user>`) when one is given.
 */
async function backupThroughServer(env: NodeJS.ProcessEnv, publicUrl: string, file: string, actor?: string) {
  const url = `${(env.ADMIN_URL || publicUrl).replace(/\/$/, '')}/admin/backup`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.ADMIN_API_TOKEN}`,
      'content-type': 'application/json',
      ...(actor ? { [CLI_ACTOR_HEADER]: actor } : {}),
    },
    body: '{}',
  });
  if (!response.ok || !response.body) {
    const body = await response.text().catch(() => '');
    throw new Error(`The server refused the backup (${response.status}): ${body}`);
  }
  await writeBackup(Readable.fromWeb(response.body as WebReadableStream), file);
}

/**
 * The CLI's `backup` and `restore` (null for any other command). They run before the CLI opens the database itself:
 * a backup while the server runs goes through the server, and a restore must never open (and so create) the
 * database it is about to fill.
 */
export async function backupCommand(
  argv: string[],
  deps: {
    env?: NodeJS.ProcessEnv;
    /** The CLI's name in the audit log (`cli:<user>`), sent to the server that takes the backup. */
    actor?: string;
    /** Opens the server's app on the database the CLI has claimed (cli.ts: buildApp), for a backup it takes itself. */
    openApp: () => Promise<{
      db: PgliteDb;
      audit: (entry: { action: 'backup'; target: string; detail: string }) => Promise<unknown>;
      close(): Promise<void>;
    }>;
  },
): Promise<string | null> {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) return null;
  const env = deps.env ?? process.env;
  const config = loadConfig(env);
  if (config.databaseUrl) throw new Error(POSTGRES);
  if (command === 'restore') {
    await claimEmbeddedDb(config.dataDir, 0);
    const { files } = await restoreBackup(file, config.dataDir, config.filesDir);
    return `Restored ${file} into ${config.dataDir} (database) and ${config.filesDir} (${files} document file(s)). Check it with: npm run admin -- audit verify`;
  }
  try {
    await claimEmbeddedDb(config.dataDir, 0);
  } catch (error) {
    // The server owns the database: the backup is its to take.
    if (!env.ADMIN_API_TOKEN) {
      throw new Error(
        `${(error as Error).message}\nTo back it up while it runs, set ADMIN_API_TOKEN (as the server has it) and, ` +
          'when the server is not at PUBLIC_URL, ADMIN_URL (e.g. http://127.0.0.1:3000).',
        { cause: error },
      );
    }
    await backupThroughServer(env, config.publicUrl, file, deps.actor);
    return `Backup written to ${file} (taken by the running server).`;
  }
  const app = await deps.openApp();
  try {
    await app.audit({ action: 'backup', target: 'backup', detail: 'the embedded database and FILES_DIR' });
    await writeBackup(await backupStream(app.db, config.filesDir), file);
  } finally {
    await app.close();
  }
  return `Backup written to ${file}.`;
}
