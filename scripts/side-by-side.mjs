// Runs npm scripts at the same time, each line of their output prefixed with the script's name, and exits with the
// first failure's code once all have ended: `npm test` runs the unit tests beside the end-to-end suite, which
// spends most of its time waiting on a browser and leaves a core free (see README, "Test it"). Every script still
// runs to its end when another fails, so one run shows every failure.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs <npm script> [<npm script>…]');
  process.exit(2);
}
const width = Math.max(...scripts.map((s) => s.length));
const started = Date.now();

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const tag = `[${script.padEnd(width)}]`;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${tag} ${line}`));
    }
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${tag} ended with ${signal ?? `code ${code}`} after ${seconds} s`);
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all(scripts.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
