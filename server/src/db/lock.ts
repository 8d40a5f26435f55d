import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a start waits for the previous owner of the embedded database to be gone before refusing. */
export const OWNER_EXIT_WAIT_MS = 10_000;

/**
 * Whether `pid` is a process that may still use the database. A zombie (exited, not yet reaped by its parent:
 * state Z in /proc/<pid>/stat) counts as gone: it holds no files, and a restart right after a crash used to be
 * refused while the dead server was one.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): alive as far as we can tell
  }
}

/**
 * The embedded database (PGlite) serves one process: a second one opening ./data/db would corrupt it.
 * The server and the admin CLI claim it with a pid file. A start while another process holds it waits up to
 * OWNER_EXIT_WAIT_MS for that process to end (a restart right after a stop or a crash), then refuses.
 * With DATABASE_URL (PostgreSQL) there is no such limit and no lock.
 */
export async function claimEmbeddedDb(dataDir: string, waitMs = OWNER_EXIT_WAIT_MS) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.pid');
  const holder = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  if (holder && holder !== process.pid) {
    const deadline = Date.now() + waitMs;
    while (isRunning(holder) && Date.now() < deadline) await sleep(100);
    if (isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or run on PostgreSQL (DATABASE_URL).`,
      );
    }
  }
  fs.writeFileSync(file, String(process.pid));
  process.on('exit', () => {
    try {
      if (Number(fs.readFileSync(file, 'utf8')) === process.pid) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  });
}
