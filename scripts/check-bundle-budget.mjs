#!/usr/bin/env node
/**
 * First-download budget, per route: the JS a visitor's browser downloads before the route shows — the initial
 * <script src> tags of the route's page (dist/index.html for applicants, dist/staff.html for the staff console) plus
 * the lazy chunks of that route's layout and page (from dist/chunk-groups.json, written by webpack.config.ts). Gzips
 * the raw .js itself (level 9), so it does not depend on the compression plugin. Also proves the products apart:
 * index.html and the applicants' chunks load no file of the staff console's or the counselor's page, and staff.html
 * and counselor.html none of the applicants' nor each other's.
 * Also proves that no library's development build is in it. Run after `webpack --mode production`; exits 1 when a
 * route is over budget, the products share a file or a development build is in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budgets (gzip KB of first-download JS per route; issue: Budget; antd alone is ~88 KB, STACK.md) and the routes
 * they hold, each with the named chunk groups (webpackChunkName) it loads: bundle-budget.json, which the bench's
 * bundle area (bench/bundle.ts) reads too. The print view (/about with a service token) is counted as the app
 * renders it, its review a chunk of its own; the page the server renders carries no script (src/kernel/shells.ts,
 * PRINT_VIEW_VARIANTS). The staff console (`staff`) and the counselor's page (`counselor`) have their own page, entry
 * and budget.
 */
const budget = JSON.parse(fs.readFileSync(new URL('./bundle-budget.json', import.meta.url), 'utf8'));

const distDir = path.resolve(process.argv[2] ?? 'dist');
const read = (file) => fs.readFileSync(path.join(distDir, file));
if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(distDir, 'chunk-groups.json'))) {
  console.error(`No production build in ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}

/** The files a page loads at once: its <script src> tags and started scripts (and, for the separation check, its stylesheets). */
const referenced = (html, pattern) =>
  [...read(html).toString().matchAll(pattern)].map((m) => decodeURIComponent(m[1].replace(/^\//, '').split(/[?#]/)[0]));
/** The files a page's start script adds after its first paint (src/kernel/shells.ts: SHELL_SCRIPTS_ATTRIBUTE). */
const startedScripts = (html) =>
  [
    ...read(html)
      .toString()
      .matchAll(/<script\b[^>]*\bdata-scripts="([^"]+)"/gi),
  ].flatMap((m) => m[1].split(' ').map((file) => file.replace(/^\//, '')));
const initialScripts = (html) => [
  ...referenced(html, /<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi),
  ...startedScripts(html),
];
const allAssets = (html) => [
  ...referenced(html, /<(?:script|link|style)\b[^>]*\b(?:src|href|data-href)=["']?([^"'\s>]+)/gi),
  ...startedScripts(html),
];

const groups = JSON.parse(read('chunk-groups.json').toString());
const gzipSize = new Map();
const sizeOf = (file) => {
  if (!gzipSize.has(file)) gzipSize.set(file, gzipSync(read(file), { level: 9 }).length);
  return gzipSize.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;

/** Prints each route's first download and its files; false when one is over budget or names a missing group. */
function checkRoutes(title, { page, budgetKb, routes }) {
  const budgetBytes = budgetKb * 1024;
  const initial = initialScripts(page);
  console.log(`${title}: first-download JS per route (gzip), budget ${kb(budgetBytes)}:`);
  const width = Math.max(...Object.keys(routes).map((r) => r.length));
  for (const [route, names] of Object.entries(routes)) {
    const missing = names.filter((name) => !groups[name]);
    if (missing.length > 0) {
      console.error(`${route}: no chunk group named ${missing.join(', ')} (webpackChunkName in its router).`);
      failed = true;
      continue;
    }
    const files = [...new Set([...initial, ...names.flatMap((name) => groups[name])])];
    const total = files.reduce((sum, file) => sum + sizeOf(file), 0);
    const over = total > budgetBytes;
    failed ||= over;
    console.log(
      `  ${route.padEnd(width)} ${kb(total).padStart(9)}  ${over ? 'OVER BUDGET' : 'ok'}  (${files.length} files)`,
    );
    for (const file of files.sort((a, b) => sizeOf(b) - sizeOf(a))) {
      console.log(`      ${kb(sizeOf(file)).padStart(9)}  ${file}`);
    }
  }
}

checkRoutes('Applicants (index.html)', { page: 'index.html', budgetKb: budget.budgetKb, routes: budget.routes });

/**
 * The products with their own page, entry and budget: the staff console (`staff`) and the counselor's page
 * (`counselor`). Each one's files are its entry's and its lazy chunks' (groups named <entry>-…); no file may be in
 * two products, index.html may load none of theirs, and a product's page none of another product's.
 */
const products = [
  ['Staff console', budget.staff],
  ['Counselor’s page', budget.counselor],
].filter(([, product]) => product);
const isGroupOf = (product) => (name) => name === product.entry || name.startsWith(`${product.entry}-`);
const filesOf = (names) => new Set(names.flatMap((name) => groups[name]));
for (const [title, product] of products) {
  if (!fs.existsSync(path.join(distDir, product.page))) {
    console.error(`No ${product.page} in ${distDir}: the ${product.entry} entry was not built.`);
    process.exit(1);
  }
  checkRoutes(`${title} (${product.page})`, product);

  const own = isGroupOf(product);
  const ownFiles = filesOf(Object.keys(groups).filter(own));
  const otherFiles = filesOf(Object.keys(groups).filter((name) => !own(name)));
  const shared = [...ownFiles].filter((file) => otherFiles.has(file));
  const inIndex = allAssets('index.html').filter((file) => ownFiles.has(file) || file.startsWith(`${product.entry}.`));
  const inPage = allAssets(product.page).filter((file) => otherFiles.has(file));
  for (const [problem, files] of [
    [`index.html loads ${product.entry} files`, inIndex],
    [`${product.page} loads other products’ files`, inPage],
    [`files shared by ${product.entry} and another product`, shared],
  ]) {
    if (files.length > 0) {
      console.error(`${problem}: ${files.join(', ')}`);
      failed = true;
    }
  }
  if (inIndex.length === 0 && inPage.length === 0 && shared.length === 0) {
    console.log(
      `Apart: index.html loads none of the ${ownFiles.size} files of ${product.page}, and ${product.page} none of the other products’.`,
    );
  }
}

// Every visitor gets libraries' production builds: a source under a development path (React Router's exports name only
// its development build: the alias in webpack.config.ts) would ship development warnings and their code.
const developmentSources = new Set(
  fs
    .readdirSync(distDir)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap((file) => JSON.parse(read(file).toString()).sources)
    .filter((source) => /node_modules\/.*(\/development\/|\.development\.)/.test(source)),
);
if (developmentSources.size > 0) {
  console.error(`Development builds in the production bundle: ${[...developmentSources].join(', ')}`);
  failed = true;
} else console.log('Production builds only: no library source from a development build.');

if (failed) {
  console.error(
    'First-download JS is over budget or the products are not apart: lazy-load what grew (import() with /* webpackChunkName */), trim antd use, keep the entries apart, or alias a library to its production build (webpack.config.ts).',
  );
  process.exit(1);
}
