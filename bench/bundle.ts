/**
 * Bundle: what a visitor downloads before a route shows, from a production build. Like
 * scripts/check-bundle-budget.mjs, the JS of a route is the initial <script src> tags of index.html plus the
 * chunks of the route's layout and page chunk groups (dist/chunk-groups.json, written by webpack.config.ts); its CSS
 * is index.html's stylesheets plus the CSS that mini-css-extract wrote for those chunks (same [name], other hash).
 * Sizes raw, gzip (level 9) and brotli (quality 11). The largest modules come from the .map files: each mapped
 * segment of the minified code counts for its original source (as source-map-explorer does).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import bundleBudget from '../scripts/bundle-budget.json';
import { BUDGETS } from './budgets';
import { check, kib, type AreaOutput } from './common';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBundle {
  route: string;
  chunkGroups: string[];
  js: Sizes & { files: string[] };
  css: Sizes & { files: string[] };
  total: Sizes;
}

export interface ModuleShare {
  source: string;
  /** Minified bytes that map to this source. */
  bytes: number;
  /** Share of the mapped first-download JS. */
  share: number;
}

export interface BundleResult {
  distDir: string;
  routes: RouteBundle[];
  /** Every .js and .css of the build (all routes, lazy chunks included). */
  wholeBuild: { js: Sizes & { files: number }; css: Sizes & { files: number } };
  /** First-download JS of /login and /about together (each file once). */
  largestModules: ModuleShare[];
  largestPackages: ModuleShare[];
}

/**
 * The routes measured, and the named chunk groups each one loads (webpackChunkName in src/app/router.tsx): the
 * build's gate's list (scripts/bundle-budget.json). The print view is counted as the app's page it falls back to (a
 * token the server cannot read); the page the server renders carries no script.
 */
export const ROUTE_GROUPS: Record<string, string[]> = bundleBudget.routes;

const sizeCache = new Map<string, Sizes>();
function sizesOf(distDir: string, file: string): Sizes {
  const key = path.join(distDir, file);
  let sizes = sizeCache.get(key);
  if (!sizes) {
    const bytes = fs.readFileSync(key);
    sizes = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
    sizeCache.set(key, sizes);
  }
  return sizes;
}

const sum = (distDir: string, files: readonly string[]): Sizes =>
  files.reduce(
    (acc, file) => {
      const s = sizesOf(distDir, file);
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

const addSizes = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});

const assetPath = (href: string) => decodeURIComponent(href.replace(/^\//, '').split(/[?#]/)[0]);

/** The CSS file mini-css-extract wrote for a JS chunk file (`name.hash.js` → `name.otherhash.css`), if any. */
function cssCompanion(distDir: string, jsFile: string, cssFiles: readonly string[]): string | undefined {
  const name = jsFile.replace(/\.[0-9a-f]+\.js$/, '');
  if (name === jsFile) return undefined;
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]+\\.css$`);
  return cssFiles.find((file) => pattern.test(file) && fs.existsSync(path.join(distDir, file)));
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Source maps: minified bytes per original source                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Normalizes webpack's source names: `webpack://app/./node_modules/antd/es/x.js` → `node_modules/antd/es/x.js`. */
export function cleanSource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/** The package (node_modules/name or node_modules/@scope/name) or the app folder (src/features/form) of a source. */
export function packageOf(source: string): string {
  const nm = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm) return nm[1];
  const parts = source.split('/');
  return parts.slice(0, Math.min(parts.length - 1, 3)).join('/') || source;
}

/**
 * A source map's `mappings`, decoded: for each generated line its segments in column order, each
 * [column] (unmapped) or [column, source, line, column in the source] with a fifth field, the name, when it has one,
 * all absolute (the map stores each as a delta from the one before).
 */
export function decodeMappings(mappings: string): number[][][] {
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  return mappings.split(';').map((text) => {
    let generated = 0;
    const segments: number[][] = [];
    for (const segment of text.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      generated += fields[0];
      if (fields.length < 4) {
        segments.push([generated]);
        continue;
      }
      source += fields[1];
      line += fields[2];
      column += fields[3];
      if (fields.length >= 5) name += fields[4];
      segments.push(fields.length >= 5 ? [generated, source, line, column, name] : [generated, source, line, column]);
    }
    return segments.sort((a, b) => a[0] - b[0]);
  });
}

/** Adds to `into` the minified bytes of `jsFile` per original source (unmapped bytes under "(unmapped)"). */
function attributeBytes(distDir: string, jsFile: string, into: Map<string, number>) {
  const mapFile = path.join(distDir, `${jsFile}.map`);
  const code = fs.readFileSync(path.join(distDir, jsFile), 'utf8');
  if (!fs.existsSync(mapFile)) {
    into.set('(no source map)', (into.get('(no source map)') ?? 0) + Buffer.byteLength(code));
    return;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const mappingLines = decodeMappings(map.mappings);
  for (let lineNo = 0; lineNo < lines.length; lineNo++) {
    const line = lines[lineNo];
    const segments = mappingLines[lineNo] ?? [];
    let covered: number;
    if (segments.length > 0) {
      for (let i = 0; i < segments.length; i++) {
        const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
        const bytes = Buffer.byteLength(line.slice(segments[i][0], end));
        const source = segments[i].length >= 4 ? segments[i][1] : null;
        const name = source === null ? '(unmapped)' : cleanSource(map.sources[source] ?? '(unknown)');
        into.set(name, (into.get(name) ?? 0) + bytes);
      }
      covered = segments[0][0];
    } else {
      covered = line.length;
    }
    // Bytes before the first segment of a line (and lines without segments: the sourceMappingURL comment…).
    if (covered > 0) {
      into.set('(unmapped)', (into.get('(unmapped)') ?? 0) + Buffer.byteLength(line.slice(0, covered)));
    }
  }
}

function topShares(byName: Map<string, number>, limit: number): ModuleShare[] {
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  return [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([source, bytes]) => ({ source, bytes, share: total === 0 ? 0 : Number((bytes / total).toFixed(4)) }));
}

/* ------------------------------------------------------------------------------------------------------------ */

/** The scripts and style sheets an HTML page loads by itself (<script src>, <link rel=stylesheet>), as paths. */
function initialAssets(html: string, publicPath = '/'): { js: string[]; css: string[] } {
  const local = (href: string) => assetPath(href.startsWith(publicPath) ? href.slice(publicPath.length) : href);
  return {
    js: [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)].map((m) => local(m[1])),
    css: [...html.matchAll(/<link\b[^>]*>/gi)]
      .map((m) => m[0])
      .filter((tag) => /\brel=["']?stylesheet/i.test(tag))
      .map((tag) => local(tag.match(/\bhref=["']?([^"'\s>]+)/i)?.[1] ?? ''))
      .filter(Boolean),
  };
}

/**
 * First download of a page without lazy chunk groups (the bench's peer pages): the scripts and style sheets its
 * HTML loads, raw, gzip and brotli. `publicPath` is the prefix its asset URLs carry.
 */
export function measureHtmlPage(
  distDir: string,
  publicPath: string,
  htmlFile = 'index.html',
): { js: Sizes & { files: string[] }; css: Sizes & { files: string[] } } {
  const { js, css } = initialAssets(fs.readFileSync(path.join(distDir, htmlFile), 'utf8'), publicPath);
  return { js: { ...sum(distDir, js), files: js }, css: { ...sum(distDir, css), files: css } };
}

export function measureBundle(distDir: string): BundleResult {
  const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8');
  if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(distDir, 'chunk-groups.json'))) {
    throw new Error(`No production build in ${distDir} (index.html and chunk-groups.json expected)`);
  }
  const { js: initialJs, css: initialCss } = initialAssets(read('index.html'));
  const groups = JSON.parse(read('chunk-groups.json')) as Record<string, string[]>;
  const allFiles = fs.readdirSync(distDir);
  const allJs = allFiles.filter((f) => f.endsWith('.js'));
  const allCss = allFiles.filter((f) => f.endsWith('.css'));

  const routes: RouteBundle[] = Object.entries(ROUTE_GROUPS).map(([route, names]) => {
    const missing = names.filter((name) => !groups[name]);
    if (missing.length > 0) throw new Error(`${route}: no chunk group named ${missing.join(', ')}`);
    const jsFiles = [...new Set([...initialJs, ...names.flatMap((name) => groups[name])])];
    const cssFiles = [
      ...new Set([
        ...initialCss,
        ...jsFiles.map((f) => cssCompanion(distDir, f, allCss)).filter((f): f is string => Boolean(f)),
      ]),
    ];
    const js = sum(distDir, jsFiles);
    const css = sum(distDir, cssFiles);
    return {
      route,
      chunkGroups: names,
      js: { ...js, files: jsFiles },
      css: { ...css, files: cssFiles },
      total: addSizes(js, css),
    };
  });

  const firstDownload = [...new Set(routes.flatMap((r) => r.js.files))];
  const bySource = new Map<string, number>();
  for (const file of firstDownload) attributeBytes(distDir, file, bySource);
  const byPackage = new Map<string, number>();
  for (const [source, bytes] of bySource) {
    const pkg = source.startsWith('(') ? source : packageOf(source);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
  }

  return {
    distDir,
    routes,
    wholeBuild: {
      js: { ...sum(distDir, allJs), files: allJs.length },
      css: { ...sum(distDir, allCss), files: allCss.length },
    },
    largestModules: topShares(bySource, 15),
    largestPackages: topShares(byPackage, 10),
  };
}

export async function runBundle(distDir: string): Promise<AreaOutput<BundleResult>> {
  const data = measureBundle(distDir);
  const max = BUDGETS.bundle.firstDownloadJsGzipBytes;
  return {
    data,
    checks: data.routes.map((r) =>
      check('bundle', `First-download JS (gzip), ${r.route}`, Number((r.js.gzip / 1024).toFixed(1)), 'KB', {
        max: max / 1024,
      }),
    ),
    notes: [
      `Budget ${kib(max)} gzip per route, the same number as scripts/check-bundle-budget.mjs. Statically known chunks only: chunks a page imports later at run time (form-validation, form-options, modal…) are not in it; Lighthouse's transfer sizes below show what the browser really fetched.`,
    ],
  };
}
