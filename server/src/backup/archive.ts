import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import tar from 'tar-stream';
import { openPglite, type PgliteDb } from '../db/pgliteDb';

/**
 * A backup of the embedded database and its documents: one .tar.gz holding
 * - `backup.json`: the format, when it was taken;
 * - `db.tar`: the database as PGlite dumps it (PostgreSQL's data directory, taken between two calls of the database's
 *   thread, so it holds exactly the transactions committed before it: every save acknowledged before it began);
 * - `files/…`: FILES_DIR (uploads, their PDFs, the PDF copies), copied after the dump, so every document a row of
 *   the dump names is there (a document is stored before the row that names it is committed).
 * `tar tzf FILE` lists it. Restore it with restoreBackup into a stopped server's DATA_DIR.
 */
const FORMAT = 'admission-backup-1';
const DB_ENTRY = 'db.tar';
const FILES_PREFIX = 'files/';

/** Every file under `dir`, as paths relative to it ('/'-separated), sorted. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The backup as a gzipped tar stream. The database is dumped before the stream is returned (its failure is the
 * caller's error, not a cut-off archive); the documents are read as the stream is consumed.
 */
export async function backupStream(db: PgliteDb, filesDir: string): Promise<Readable> {
  const dump = Buffer.from(await (await db.dump()).arrayBuffer());
  const pack = tar.pack();
  const add = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: data.length }, data, (e) => (e ? reject(e) : resolve())),
    );
  void (async () => {
    await add('backup.json', Buffer.from(JSON.stringify({ format: FORMAT, takenAt: new Date().toISOString() })));
    await add(DB_ENTRY, dump);
    for (const file of filesUnder(filesDir)) {
      let data: Buffer;
      try {
        data = await fs.promises.readFile(path.join(filesDir, file));
      } catch {
        continue; // deleted since it was listed (a replaced PDF copy): no longer part of the application
      }
      await add(FILES_PREFIX + file, data);
    }
    pack.finalize();
  })().catch((error: Error) => pack.destroy(error));
  return pack.pipe(createGzip());
}

/** Writes a backup to `file` (through a temporary name, so a failed backup never looks complete). */
export async function writeBackup(source: Readable, file: string) {
  const partial = `${file}.partial`;
  await pipeline(source, fs.createWriteStream(partial));
  fs.renameSync(partial, file);
}

/**
 * Restores `file` into `dataDir` (its db/) and `filesDir`. The server must be stopped (the caller claims the
 * database) and dataDir must hold no database: a restore never mixes with, or silently replaces, another one.
 */
export async function restoreBackup(file: string, dataDir: string, filesDir: string): Promise<{ files: number }> {
  const dbDir = path.join(dataDir, 'db');
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    throw new Error(`${dbDir} already holds a database: restore into a fresh DATA_DIR, or move ${dbDir} away first.`);
  }
  let dump: Buffer | null = null;
  let format: string | null = null;
  let files = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('error', next);
    stream.on('end', () => {
      const data = Buffer.concat(chunks);
      try {
        if (header.name === 'backup.json') format = JSON.parse(data.toString('utf8')).format;
        else if (format !== FORMAT) throw new Error(`${file} is not a backup of this application (${FORMAT}).`);
        else if (header.name === DB_ENTRY) dump = data;
        else if (header.name.startsWith(FILES_PREFIX) && header.type === 'file') {
          const relative = header.name.slice(FILES_PREFIX.length);
          const target = path.resolve(filesDir, relative);
          if (!target.startsWith(path.resolve(filesDir) + path.sep)) throw new Error(`unsafe path ${header.name}`);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, data);
          files += 1;
        }
        next();
      } catch (error) {
        next(error as Error);
      }
    });
  });
  await pipeline(fs.createReadStream(file), createGunzip(), extract);
  if (format !== FORMAT || !dump) throw new Error(`${file} is not a backup of this application (${FORMAT}).`);
  fs.mkdirSync(dbDir, { recursive: true });
  const db = await openPglite({ dataDir: dbDir, loadDataDir: new Blob([dump]) });
  await db.close();
  return { files };
}
