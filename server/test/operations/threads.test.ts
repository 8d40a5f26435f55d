import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_START_ARGS } from '../../../scripts/serverCommand.mjs';
import { CONVERSION_MESSAGES } from '../../src/documents/convert';

/**
 * The server's threads (conversions, the embedded database) load their TypeScript when the server runs as
 * `npm start` runs it (Node with tsx's hook), here with a service manager's bare environment.
 */
it('starts the conversion and database threads under npm start’s loader, in a bare environment', async () => {
  const root = path.resolve(__dirname, '../../..');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...SERVER_START_ARGS.slice(0, -1), path.join(__dirname, '../fixtures/threadsAsNpmStart.ts')],
    { cwd: root, env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: process.env.HOME } },
  );
  expect(JSON.parse(stdout)).toEqual({ conversion: CONVERSION_MESSAGES.corruptPdf, rows: [{ n: 2 }] });
});
