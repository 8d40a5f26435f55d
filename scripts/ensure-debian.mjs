// Makes sure the Debian packages the product and its tests use are installed, before `npm start` and `npm test`
// run: `node scripts/ensure-debian.mjs libreoffice poppler`. As root it installs what is missing with apt-get;
// otherwise it prints the exact command and stops. Nothing here downloads a browser or a binary of its own.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const works = (command, args) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What each need is for, how to tell it is there, and the packages that bring it. */
const NEEDS = {
  chromium: {
    why:
      'the end-to-end tests and npm run bench drive Debian’s Chromium (playwright.config.ts, bench/common.ts; ' +
      'CHROMIUM_PATH to use another)',
    present: () => existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
    packages: ['chromium'],
  },
  libreoffice: {
    why:
      'Word documents are converted to PDF by LibreOffice (server/src/documents/libreoffice), driven from the ' +
      'Python that has its uno module; Carlito and Caladea have the widths of Calibri and Cambria, Word’s default ' +
      'fonts, so documents keep their line and page breaks',
    present: () =>
      works(process.env.SOFFICE_PATH || 'soffice', ['--version']) &&
      works(process.env.UNO_PYTHON || '/usr/bin/python3', ['-c', 'import uno']) &&
      existsSync('/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf'),
    packages: [
      'libreoffice-writer-nogui',
      'python3-uno',
      'fonts-crosextra-carlito',
      'fonts-crosextra-caladea',
      'fonts-liberation2',
    ],
  },
  poppler: {
    why: 'the tests read PDFs back with pdftotext, pdfinfo and pdftoppm',
    present: () => works('pdfinfo', ['-v']),
    packages: ['poppler-utils'],
  },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in NEEDS));
if (unknown.length > 0) {
  console.error(`ensure-debian: unknown need ${unknown.join(', ')} (known: ${Object.keys(NEEDS).join(', ')})`);
  process.exit(2);
}
const missing = asked.filter((name) => !NEEDS[name].present());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((name) => NEEDS[name].packages);
const command = `apt-get update && apt-get install -y ${packages.join(' ')}`;
for (const name of missing) console.log(`Missing ${name}: ${NEEDS[name].why}.`);
if (typeof process.getuid === 'function' && process.getuid() === 0) {
  console.log(`Installing Debian's ${packages.join(', ')} (apt-get, a minute or two)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`, {
    stdio: 'inherit',
  });
  const still = missing.filter((name) => !NEEDS[name].present());
  if (still.length === 0) process.exit(0);
  console.error(`Still missing after apt-get: ${still.join(', ')}.`);
} else {
  console.error(`Install them as root with:  ${command}`);
}
process.exit(1);
