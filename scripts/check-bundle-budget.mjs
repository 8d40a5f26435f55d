#!/usr/bin/env node
/**
 * First-download budget, per route: the JS a visitor's browser downloads before the route shows — the initial
 * <script src> tags of dist/index.html plus the lazy chunks of that route's layout and page (from
 * dist/chunk-groups.json, written by webpack.config.ts). Gzips the raw .js itself (level 9), so it does not
 * depend on the compression plugin. Run after `webpack --mode production`; exits 1 when a route is over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget (gzip KB of first-download JS per route; issue: Budget; antd alone is ~88 KB, STACK.md) and the routes
 * it holds, each with the named chunk groups (webpackChunkName) it loads: bundle-budget.json, which the bench's
 * bundle area (bench/bundle.ts) reads too. The print view (/about with a service token) is counted as the app
 * renders it, its review a chunk of its own; the page the server renders carries no script (src/kernel/shells.ts,
 * PRINT_VIEW_VARIANTS).
 */
const { budgetKb, routes: ROUTES } = JSON.parse(
  fs.readFileSync(new URL('./bundle-budget.json', import.meta.url), 'utf8'),
);
const BUDGET_BYTES = budgetKb * 1024;

const distDir = path.resolve(process.argv[2] ?? 'dist');
const read = (file) => fs.readFileSync(path.join(distDir, file));
if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(distDir, 'chunk-groups.json'))) {
  console.error(`No production build in ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}

const initial = [
  ...read('index.html')
    .toString()
    .matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi),
].map((m) => decodeURIComponent(m[1].replace(/^\//, '').split(/[?#]/)[0]));
const groups = JSON.parse(read('chunk-groups.json').toString());
const gzipSize = new Map();
const sizeOf = (file) => {
  if (!gzipSize.has(file)) gzipSize.set(file, gzipSync(read(file), { level: 9 }).length);
  return gzipSize.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = false;
console.log(`First-download JS per route (gzip), budget ${kb(BUDGET_BYTES)}:`);
for (const [route, names] of Object.entries(ROUTES)) {
  const missing = names.filter((name) => !groups[name]);
  if (missing.length > 0) {
    console.error(`${route}: no chunk group named ${missing.join(', ')} (webpackChunkName in src/app/router.tsx).`);
    failed = true;
    continue;
  }
  const files = [...new Set([...initial, ...names.flatMap((name) => groups[name])])];
  const total = files.reduce((sum, file) => sum + sizeOf(file), 0);
  const over = total > BUDGET_BYTES;
  failed ||= over;
  console.log(
    `  ${route.padEnd(Math.max(...Object.keys(ROUTES).map((r) => r.length)))} ${kb(total).padStart(9)}  ${over ? 'OVER BUDGET' : 'ok'}  (${files.length} files)`,
  );
  for (const file of files.sort((a, b) => sizeOf(b) - sizeOf(a))) {
    console.log(`      ${kb(sizeOf(file)).padStart(9)}  ${file}`);
  }
}
if (failed) {
  console.error(
    'First-download JS is over budget: lazy-load what grew (import() with /* webpackChunkName */) or trim antd use.',
  );
  process.exit(1);
}
