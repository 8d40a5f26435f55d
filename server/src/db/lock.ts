import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded database (PGlite) serves one process: a second one opening ./data/db would corrupt it.
 * The server and the admin CLI claim it with a pid file and refuse to start while another live process
 * holds it. With DATABASE_URL (PostgreSQL) there is no such limit and no lock.
 */
export function claimEmbeddedDb(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.pid');
  const holder = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) : 0;
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or run on PostgreSQL (DATABASE_URL).`,
    );
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
