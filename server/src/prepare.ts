import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { Db } from './db/client';
import { migrate } from './db/migrate';
import { resolveUploadSecret } from './documents/policy';
import { assertSharedFilesDir } from './documents/sharedFiles';
import { createLookupService, type LookupService } from './lookup/service';
import { LOOKUP_CATEGORIES } from '../../src/kernel/constants';

const SAMPLE_LOOKUP_DIR = path.join(__dirname, '..', 'lookup-sample');

/** Fills an empty look-up table with the shipped (fictional) sample, so a fresh install's look-ups work. */
async function seedLookupSample(lookup: LookupService) {
  if ((await lookup.count()) > 0) return;
  for (const category of LOOKUP_CATEGORIES) {
    await lookup.importCsv(category, fs.readFileSync(path.join(SAMPLE_LOOKUP_DIR, `${category}.csv`), 'utf8'));
  }
}

/**
 * What a start does to the database before it serves: the migrations, the check that instances share their
 * documents folder, the upload key, the sample look-ups. Every instance runs it, and each step is safe for instances
 * starting at once (several processes of one server among them): the migrations under an advisory lock, the
 * folder's marker waited for, the key and the look-ups upserted.
 */
export async function prepareDatabase(db: Db, config: Config): Promise<{ uploadSecret: string }> {
  await migrate(db);
  // Several instances on PostgreSQL must share their documents: refuse a FILES_DIR the others do not use.
  if (db.kind === 'postgres' && !config.s3) await assertSharedFilesDir(db, config.filesDir);
  const uploadSecret = await resolveUploadSecret(db, config);
  await seedLookupSample(createLookupService(db));
  return { uploadSecret };
}
