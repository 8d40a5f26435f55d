import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { dumpPglite } from '../src/db/client';

/**
 * A fresh PGlite runs initdb (seconds), so the suite migrates one database once and every test file
 * starts from a copy of it (STACK.md). With DATABASE_URL set, each file gets its own schema instead.
 */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  const app = await buildApp(loadConfig({}, { memoryDb: {}, logLevel: 'silent', staticDir: '/nonexistent' }));
  await app.ready();
  const dump = await dumpPglite(app.db);
  await app.close();
  const file = path.join(os.tmpdir(), `admission-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
}
