// Makes sure Debian's Chromium is at /usr/bin/chromium before the Playwright suite runs.
// Playwright is pointed at it (playwright.config.ts); no tool here ever downloads a browser of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium (apt-get, about 2 minutes)…`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  `The end-to-end tests need Debian's Chromium at ${CHROMIUM}.\n` +
    `Install it as root with:  apt-get update && apt-get install -y chromium\n` +
    `(or set CHROMIUM_PATH to another Chromium). No browser is downloaded by this project.`,
);
process.exit(1);
