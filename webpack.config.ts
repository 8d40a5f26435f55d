/**
 * webpack builds the SPA into dist/, which the API server serves on the same origin.
 * webpack-cli loads this TypeScript file through tsx (do not install ts-node: webpack-cli would prefer it and fail).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  Compilation,
  NormalModuleReplacementPlugin,
  sources,
  type Chunk,
  type ChunkGroup,
  type Compiler,
  type Configuration,
} from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { minimizer, precompressed, typescriptRule } from './webpack.parts';
import { firstPaintMarkup } from './src/counselor/firstPaint';
import { PARTNER } from './src/kernel/partner';
import { SHELL_SCRIPTS_ATTRIBUTE, SHELL_START_SCRIPT } from './src/kernel/shells';

type Argv = { mode?: Configuration['mode'] };
/**
 * `--env outputPath=…` builds somewhere other than dist/; `--env bench` is the benchmark's build, with its render
 * counter in place of src/features/form/activeRenderers.ts (bench/countedRenderers.ts). Both for bench/run.ts.
 */
type Env = { outputPath?: string; bench?: boolean | string };

/**
 * How modules resolve. A production build takes React Router's production files: the package's exports name only
 * its development build for every condition (remix-run/react-router#14102, open), which ships its development
 * warnings (ENABLE_DEV_WARNINGS) to every visitor. The two builds differ in nothing else.
 */
const resolveModules = (isProd: boolean): Configuration['resolve'] => ({
  extensions: ['.tsx', '.ts', '.js'],
  alias: isProd
    ? {
        'react-router$': path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
        'react-router/dom$': path.resolve(
          import.meta.dirname,
          'node_modules/react-router/dist/production/dom-export.mjs',
        ),
      }
    : {},
});

/** The client's entry chunk (with webpack's runtime): src/main.tsx. */
const ENTRY = 'main';
/**
 * The staff console's entry (src/staff/main.tsx → dist/staff.html): a second product for another audience, its
 * chunks apart from the applicants' (ARCHITECTURE.md, "The staff console").
 */
const STAFF_ENTRY = 'staff';
/**
 * The counselor's page (src/counselor/main.tsx → dist/counselor.html): a third audience, a school counselor with a
 * mailed link and no account, its chunks apart from both others' (ARCHITECTURE.md, "The counselor's page").
 */
const COUNSELOR_ENTRY = 'counselor';
/** The entries whose chunks are their own: every entry but the applicants' app. */
const OWN_ENTRIES = [STAFF_ENTRY, COUNSELOR_ENTRY];
/** The script that starts `files`, in order, after the page's first paint (SHELL_START_SCRIPT, src/kernel/shells.ts). */
const startScriptTag = (files: string[]) =>
  `<script ${SHELL_SCRIPTS_ATTRIBUTE}="${files.join(' ')}">${SHELL_START_SCRIPT}</script>`;

/**
 * What each own page's template fills in, besides html-webpack-plugin's own parameters. The counselor's page paints
 * its loading state before any script, from its stylesheet inlined, and starts its scripts after that paint as an
 * applicant's shell page does: its template places its files itself (`inject: false`).
 */
const OWN_PAGES: Record<string, { parameters: (js: string[]) => Record<string, string>; inject: boolean }> = {
  [STAFF_ENTRY]: { parameters: () => ({}), inject: true },
  [COUNSELOR_ENTRY]: {
    parameters: (js) => ({ firstPaint: firstPaintMarkup(PARTNER.name), startScripts: startScriptTag(js) }),
    inject: false,
  },
};

/**
 * Whether a chunk belongs to `entry` alone: its entry chunk, or a lazy chunk only that entry reaches. splitChunks
 * splits each such entry's chunks apart from the applicants' and from each other's (each cache group sees one side
 * only), so adding an entry moves no module between the applicants' files and puts none of its code into them: a
 * module both use (React, …) is in a file of each.
 */
const chunkOf =
  (entry: string) =>
  (chunk: Chunk): boolean => {
    const entries = new Set<string>();
    const seen = new Set<ChunkGroup>();
    const visit = (group: ChunkGroup) => {
      if (seen.has(group)) return;
      seen.add(group);
      if (group.isInitial() && group.name) entries.add(group.name);
      for (const parent of group.getParents()) visit(parent);
    };
    for (const group of chunk.groupsIterable) visit(group);
    return entries.size === 1 && entries.has(entry);
  };
const isApplicantChunk = (chunk: Chunk) => !OWN_ENTRIES.some((entry) => chunkOf(entry)(chunk));
/** Each own entry's cache groups: its vendors and the modules its chunks share, split among its chunks only. */
const ownCacheGroups = Object.fromEntries(
  OWN_ENTRIES.flatMap((entry) => [
    [
      `${entry}Vendors`,
      { test: /[\\/]node_modules[\\/]/, chunks: chunkOf(entry), priority: -10, reuseExistingChunk: true },
    ],
    [`${entry}Shared`, { chunks: chunkOf(entry), minChunks: 2, priority: -20, reuseExistingChunk: true }],
  ]),
);

/**
 * Writes dist/chunk-groups.json: for each named lazy chunk group (layout-form, page-about, …) the JS files it
 * loads. scripts/check-bundle-budget.mjs adds them to the initial scripts to measure each route's real first
 * download.
 */
const chunkGroupsManifest = {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifest', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifest', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups: Record<string, string[]> = {};
          const css: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.getFiles().filter((file) => file.endsWith('.js'));
            css[name] = group.getFiles().filter((file) => file.endsWith('.css'));
          }
          compilation.emitAsset('chunk-groups.json', new sources.RawSource(JSON.stringify(groups, null, 2)));
          // The page shells inline their route's CSS (see writeShells).
          compilation.emitAsset('chunk-group-css.json', new sources.RawSource(JSON.stringify(css, null, 2)));
        },
      );
    });
  },
};

/** The message catalogues, compiled at build time (scripts/catalog-loader.cjs): the pages ship no ICU compiler. */
const CATALOG_RULE = {
  test: /[\\/]src[\\/]kernel[\\/]i18n[\\/]catalogs[\\/][^\\/]+\.json$/,
  type: 'javascript/auto',
  loader: path.resolve(import.meta.dirname, 'scripts/catalog-loader.cjs'),
};

/** Hex digits of a content hash in a file name (output below). */
const HASH_DIGITS = 8;

const API_TARGET = `http://localhost:${process.env.API_PORT || 3001}`;

function clientConfig(
  isProd: boolean,
  outputPath: string,
  bench = false,
): Configuration & { devServer?: DevServerConfiguration } {
  // Hashed names make assets cacheable forever (the server sends `immutable`); the dev server keeps them in
  // memory, so plain names there keep rebuilds and HMR simple. Eight hex digits, not webpack's twenty: the runtime in
  // the first download lists every chunk's name (JS and CSS), and 32 bits tell one build of a chunk from the next.
  const jsName = isProd ? `[name].[contenthash:${HASH_DIGITS}].js` : '[name].js';

  return {
    name: 'client',
    mode: isProd ? 'production' : 'development',
    // A one-line summary instead of the module list; the budget script prints the sizes that matter.
    stats: isProd ? 'summary' : 'minimal',
    // webpack-cli imports this file as an ES module (Node 24 strips the types; tsx on older Node): no __dirname.
    context: import.meta.dirname,
    entry: {
      [ENTRY]: './src/main.tsx',
      [STAFF_ENTRY]: './src/staff/main.tsx',
      [COUNSELOR_ENTRY]: './src/counselor/main.tsx',
    },
    output: {
      path: outputPath,
      filename: jsName,
      chunkFilename: jsName,
      assetModuleFilename: `[name].[contenthash:${HASH_DIGITS}][ext]`,
      publicPath: '/',
      clean: true,
    },
    resolve: resolveModules(isProd),
    module: {
      rules: [
        {
          // Plain CSS for the light shell (the auth pages and the layout do without antd to keep the first
          // download small); extracted into hashed .css files in production, injected by style-loader in dev.
          test: /\.css$/,
          use: [isProd ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        {
          test: /[\\/]node_modules[\\/]provinces[\\/]provinces\.json$/,
          loader: path.resolve(import.meta.dirname, 'scripts/provinces-us-ca-loader.cjs'),
        },
        CATALOG_RULE,
        typescriptRule({ development: !isProd, target: 'es2020' }),
      ],
    },
    plugins: [
      // Each page gets its own entry's chunks only: index.html never loads the staff console (the budget script
      // checks it), staff.html never the applicants' app, counselor.html neither of the others.
      new HtmlWebpackPlugin({ template: 'public/index.html', chunks: [ENTRY] }),
      ...OWN_ENTRIES.map(
        (entry) =>
          new HtmlWebpackPlugin({
            template: `public/${entry}.html`,
            filename: `${entry}.html`,
            chunks: [entry],
            inject: OWN_PAGES[entry].inject,
            // html-webpack-plugin's own parameters, as its default gives them, and the page's.
            templateParameters: (compilation, assets, assetTags, options) => ({
              compilation,
              webpackConfig: compilation.options,
              htmlWebpackPlugin: { tags: assetTags, files: assets, options },
              ...OWN_PAGES[entry].parameters(assets.js),
            }),
          }),
      ),
      chunkGroupsManifest,
      // The bench's render counter, in its build only (production code carries no measuring hook).
      ...(bench
        ? [
            new NormalModuleReplacementPlugin(
              /[\\/]activeRenderers$/,
              path.resolve(import.meta.dirname, 'bench/countedRenderers.ts'),
            ),
          ]
        : []),
      ...(isProd
        ? [
            new MiniCssExtractPlugin({
              filename: `[name].[contenthash:${HASH_DIGITS}].css`,
              chunkFilename: `[name].[contenthash:${HASH_DIGITS}].css`,
            }),
            ...precompressed(),
          ]
        : []),
    ],
    optimization: {
      minimize: isProd,
      minimizer: [minimizer()],
      // 'all' also splits node_modules out of lazy pages, so each lazy page (named with
      // /* webpackChunkName: "page-x" */ at its import()) becomes its own small chunk and shared vendors are
      // downloaded once. The webpack runtime stays in main: a file of its own was one more request on every first
      // visit, and its evaluation, too short for Lighthouse's estimate to see, made it count as render-blocking in
      // a shell page (whose scripts run after the first paint, src/kernel/shells.ts).
      // The staff console's and the counselor's chunks are split by cache groups of their own (chunkOf).
      splitChunks: { chunks: isApplicantChunk, cacheGroups: ownCacheGroups },
    },
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    // scripts/check-bundle-budget.mjs enforces the real budget on first-download JS.
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      hot: true,
      // The staff console's and the counselor's pages are their own HTML pages, as the server answers them
      // (server/src/http/static.ts).
      historyApiFallback: {
        rewrites: [
          { from: /^\/staff(\/|$)/, to: '/staff.html' },
          { from: /^\/counselor(\/|$)/, to: '/counselor.html' },
        ],
      },
      // public/ holds only the HTML template, which html-webpack-plugin already serves from memory.
      static: false,
      // Same paths as the server's API prefixes (server/src/http/static.ts), so the SPA calls one origin. Keep
      // changeOrigin off: the server's CSRF check compares Origin with the Host header, both localhost:DEV_PORT.
      proxy: [
        { context: ['/api', '/public', '/service', '/lookup', '/staff/api', '/counselor/api'], target: API_TARGET },
      ],
      client: { overlay: { warnings: false, errors: true } },
    },
  };
}

/**
 * The shell renderer's file (in node_modules/.cache: never inside the build, it is not a public asset), and the
 * print view's per-request renderer built beside it (copied into the build's ssr/ for the server, which never
 * serves it).
 */
const SHELL_RENDERER = 'renderShells.cjs';
const PRINT_VIEW_BUNDLE = 'printView.cjs';

/**
 * The shell is hidden until the parser has read all of it: otherwise a slow phone may paint its top half, then the
 * rest a moment later, and the page's largest text (often near the bottom) counts as drawn late.
 */
const shellVisibility = (elementId: string, visibility: 'hidden' | 'visible') =>
  `<style>#${elementId}{visibility:${visibility}}</style>`;
/** index.html's <script defer> of an initial chunk (HtmlWebpackPlugin's default tag), capturing the file. */
const APP_SCRIPT = /<script defer="defer" src="\/([^"]+\.js)"><\/script>/g;
const HOISTED_STYLE = /<style data-precedence="[^"]*" data-href="[^"]*">[\s\S]*?<\/style>/g;
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * After the shell renderer is built: runs it (in its own process, so the app's code never touches webpack's) and
 * writes dist/shells/<name>.html — index.html with the route's first screen (its ids removed by the renderer) in an
 * inert #shell before #root, its CSS inlined (<style data-href> is how mini-css-extract-plugin recognises a sheet it
 * need not fetch again), and the app's scripts and the route's lazy chunks started by SHELL_START_SCRIPT after the
 * shell's first paint. A print view page is its CSS and the slot in #root the server renders the view into, without
 * scripts. The server picks the file per request (server/src/http/static.ts).
 */
function writeShells(clientDir: string) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.afterEmit.tap('WriteShells', () => {
        const renderer = path.join(compiler.outputPath, SHELL_RENDERER);
        const output = path.join(compiler.outputPath, 'shells.json');
        execFileSync(process.execPath, [renderer, output], { stdio: ['ignore', 'ignore', 'inherit'] });
        // The shell's element id comes from the renderer (src/kernel/shells.ts), the one place the app reads it.
        const { elementId, scriptsAttribute, startScript, printViewRenderer, variants, shells } = JSON.parse(
          fs.readFileSync(output, 'utf8'),
        ) as {
          elementId: string;
          scriptsAttribute: string;
          startScript: string;
          printViewRenderer: string;
          variants: { name: string; chunks: string[]; perRequest?: true }[];
          shells: Record<string, string>;
        };
        fs.mkdirSync(path.dirname(path.join(clientDir, printViewRenderer)), { recursive: true });
        fs.copyFileSync(path.join(compiler.outputPath, PRINT_VIEW_BUNDLE), path.join(clientDir, printViewRenderer));
        const read = (file: string) => fs.readFileSync(path.join(clientDir, file), 'utf8');
        const index = read('index.html');
        // The app's own scripts (webpack's initial chunks) and the route's lazy chunks are fetched and run after
        // the shell has painted (SHELL_START_SCRIPT), none of them preloaded: a script fetched by its own element
        // is compiled by the browser on another thread while it downloads, one preloaded and complete before its
        // element exists is compiled on the main thread when it runs: the preloaded vendor chunk was a long task
        // on a slow phone, and /about's Lighthouse TBT fell without the preload (figures: bench/HISTORY.md).
        const appScripts = [...index.matchAll(APP_SCRIPT)].map((m) => m[1]);
        const jsGroups = JSON.parse(read('chunk-groups.json')) as Record<string, string[]>;
        const cssGroups = JSON.parse(read('chunk-group-css.json')) as Record<string, string[]>;
        const inline = (file: string) => `<style data-href="/${file}">${escapeStyle(read(file))}</style>`;
        fs.mkdirSync(path.join(clientDir, 'shells'), { recursive: true });
        const initialCss = [...index.matchAll(/<link href="\/([^"]+\.css)" rel="stylesheet">/g)].map((m) => m[1]);
        const withoutAssets = index.replace(/<link href="\/[^"]+\.css" rel="stylesheet">/g, '').replace(APP_SCRIPT, '');
        for (const { name, chunks, perRequest } of variants) {
          const css = [...new Set([...initialCss, ...chunks.flatMap((chunk) => cssGroups[chunk] ?? [])])];
          if (perRequest) {
            // A print view page: the server writes the whole view into the root; it needs no script.
            const html = withoutAssets
              .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
              .replace('</head>', `${css.map(inline).join('')}</head>`)
              .replace('<div id="root">', `<div id="root">${shells[name]}`);
            fs.writeFileSync(path.join(clientDir, 'shells', `${name}.html`), html);
            continue;
          }
          const js = [...new Set(chunks.flatMap((chunk) => jsGroups[chunk] ?? []))];
          // React 19 hoists a component's <style precedence> into <head> and adopts one it finds there by its
          // data-href: it must live in <head>, not in the shell that is removed.
          const hoisted: string[] = [];
          const markup = shells[name].replace(HOISTED_STYLE, (tag) => {
            hoisted.push(tag);
            return '';
          });
          const head = [shellVisibility(elementId, 'hidden'), ...css.map(inline), ...hoisted].join('');
          const html = withoutAssets
            .replace('</head>', `${head}</head>`)
            .replace(
              '<div id="root">',
              `<div id="${elementId}" inert aria-hidden="true">${markup}</div>${shellVisibility(elementId, 'visible')}<div id="root">`,
            )
            .replace(
              '</body>',
              `<script ${scriptsAttribute}="${[...new Set([...appScripts, ...js])].map((file) => `/${file}`).join(' ')}">${startScript}</script></body>`,
            );
          fs.writeFileSync(path.join(clientDir, 'shells', `${name}.html`), html);
        }
      });
    },
  };
}

/** The Node bundle of src/firstPaint/prerenderMain.ts; built after the client, whose files the shells point at. */
function shellsConfig(clientDir: string): Configuration {
  return {
    name: 'shells',
    dependencies: ['client'],
    mode: 'production',
    target: 'node',
    stats: 'errors-warnings',
    context: import.meta.dirname,
    entry: {
      [path.parse(SHELL_RENDERER).name]: './src/firstPaint/prerenderMain.ts',
      [path.parse(PRINT_VIEW_BUNDLE).name]: './src/firstPaint/renderPrintView.tsx',
    },
    output: {
      path: path.join(import.meta.dirname, 'node_modules', '.cache', 'shell-renderer'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: resolveModules(true),
    module: {
      // One file per entry: the lazy routes are imported in place rather than as chunks.
      parser: { javascript: { dynamicImportMode: 'eager' } },
      rules: [
        // Styles are the client build's business; in Node an import of a .css file is only a string.
        { test: /\.css$/, type: 'asset/source' },
        CATALOG_RULE,
        // Node 24 runs it: no need to lower the syntax as far as the browsers' bundle does.
        typescriptRule({ development: false, target: 'es2022' }),
      ],
    },
    plugins: [writeShells(clientDir)],
    optimization: { minimize: false },
    devtool: false,
    performance: { hints: false },
  };
}

export default (env: Env = {}, argv: Argv) => {
  const isProd = argv.mode === 'production';
  const outputPath = path.resolve(import.meta.dirname, env.outputPath ?? 'dist');
  const bench = env.bench !== undefined && env.bench !== false && env.bench !== 'false';
  return isProd
    ? [clientConfig(true, outputPath, bench), shellsConfig(outputPath)]
    : clientConfig(false, outputPath, bench);
};
