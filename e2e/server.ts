/** Starts the real server for the e2e suite on a fresh embedded database (DATA_DIR is wiped first). */
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR || '.e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
void import('../server/src/main');
