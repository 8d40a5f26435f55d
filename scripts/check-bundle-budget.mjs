#!/usr/bin/env node
/**
 * First-download budget: sums the gzip size of the JS that dist/index.html loads up front (the initial
 * <script src> tags html-webpack-plugin wrote). Lazy pages load later, so this is what every route costs
 * before anything shows. Gzips the raw .js itself, so it does not depend on the compression plugin.
 * Run after `webpack --mode production`; exits 1 over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget, in gzip bytes of first-download JS (antd alone is about 88 KB of it, STACK.md). */
const BUDGET_BYTES = 170 * 1024;

const distDir = path.resolve(process.argv[2] ?? 'dist');
const indexPath = path.join(distDir, 'index.html');
if (!fs.existsSync(indexPath)) {
  console.error(`No ${indexPath}: run \`npx webpack --mode production\` first.`);
  process.exit(1);
}

const html = fs.readFileSync(indexPath, 'utf8');
const sources = [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => m[1]);
if (sources.length === 0) {
  console.error(`${indexPath} has no <script src> tags.`);
  process.exit(1);
}

const rows = sources.map((src) => {
  // publicPath is '/', so src is '/main.abc123.js' (maybe with a query string).
  const file = decodeURIComponent(src.replace(/^\//, '').split(/[?#]/)[0]);
  const raw = fs.readFileSync(path.join(distDir, file));
  return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
});
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const width = Math.max(5, ...rows.map((row) => row.file.length));
const line = (file, raw, gzip) => `${file.padEnd(width)}  ${raw.padStart(12)}  ${gzip.padStart(12)}`;
console.log(line('file', 'raw bytes', 'gzip bytes'));
for (const row of rows) console.log(line(row.file, String(row.raw), String(row.gzip)));
console.log(line('total', String(total.raw), String(total.gzip)));
console.log(`\nFirst-download JS: ${kb(total.gzip)} gzip (budget ${kb(BUDGET_BYTES)}).`);

if (total.gzip > BUDGET_BYTES) {
  console.error(
    `Over budget by ${kb(total.gzip - BUDGET_BYTES)}: first-download JS is ${kb(total.gzip)} gzip, the budget is ` +
      `${kb(BUDGET_BYTES)}. Lazy-load the page or library that grew (import() with /* webpackChunkName */).`,
  );
  process.exit(1);
}
