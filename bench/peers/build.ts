/**
 * The peer pages: installs the peer libraries into bench/peers/node_modules when they are missing (their own
 * package.json and package-lock.json: they are no dependency of the app), builds one page per peer with the root's
 * webpack (production mode, swc-loader, swc's minifier and webpack's CSS minifier, like webpack.config.ts) into
 * bench/out/peers/<id>/, each asset with its .gz and .br beside it, and serves them pre-compressed
 * (@fastify/static `preCompressed`) on a port of their own, each peer under its path: /surveyjs/index.html, /formio/index.html (the static plugin serves a
 * directory's index only uncompressed, so the page is asked for by name).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import { log, OUT_DIR, ROOT } from '../common';
import { pageById } from '../../src/kernel/form/definition';
import type { Answers } from '../../src/kernel/form/definition/types';
import { SITE_NAME } from '../../src/kernel/partner';
import { PEER_PAGE_ID, toFormio, toFormioData, toSurveyJs, toSurveyJsData } from './translate';
import { minimizer, precompressed, typescriptRule } from '../../webpack.parts';

/** The document title of a peer page, as our pages name theirs (`About You - Undergraduate Admission Application`). */
const peerDocumentTitle = () => `${pageById(PEER_PAGE_ID)?.title} - ${SITE_NAME}`;

export const PEERS_DIR = path.join(ROOT, 'bench', 'peers');
export const PEERS_OUT = path.join(OUT_DIR, 'peers');

export interface Peer {
  id: 'surveyjs' | 'formio';
  name: string;
  entry: string;
  /** The packages whose versions the report gives. */
  packages: string[];
  form: () => object;
  /** Our answer map as this peer's data (its pages open with it when asked: `?answers`). */
  data: (answers: Answers) => object;
}

export const PEERS: readonly Peer[] = [
  {
    id: 'surveyjs',
    name: 'SurveyJS',
    entry: 'pages/surveyjs.tsx',
    packages: ['survey-core', 'survey-react-ui', 'react', 'react-dom'],
    form: toSurveyJs,
    data: toSurveyJsData,
  },
  {
    id: 'formio',
    name: 'Form.io',
    entry: 'pages/formio.ts',
    packages: ['@formio/js', 'bootstrap'],
    form: toFormio,
    data: toFormioData,
  },
];

/** The installed version of a peer package ('not installed' when bench/peers/node_modules lacks it). */
export function peerPackageVersion(name: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(PEERS_DIR, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${output}`)),
    );
  });
}

/** `npm ci --prefix bench/peers` when its node_modules is missing or older than its lock file. */
export async function installPeers(): Promise<void> {
  const marker = path.join(PEERS_DIR, 'node_modules', '.package-lock.json');
  const lock = path.join(PEERS_DIR, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('  peers: installing the peer libraries (npm ci --prefix bench/peers)…');
  // No install scripts: core-js's only prints a banner; everything else ships ready to use.
  await run('npm', ['ci', '--prefix', PEERS_DIR, '--ignore-scripts', '--no-audit', '--no-fund']);
}

/**
 * `answers.json` beside the page: our answers as the peer's data, compressed with the page's assets (ours come in
 * GET /api/profile, compressed by our server). A page asked for with `?answers` fetches it and opens with it, as
 * ours opens with the applicant's answers.
 */
const peerAnswers = (peer: Peer, answers: Answers) => ({
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PeerAnswers', (compilation) =>
      compilation.hooks.processAssets.tap(
        { name: 'PeerAnswers', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('answers.json', new webpack.sources.RawSource(JSON.stringify(peer.data(answers)))),
      ),
    );
  },
});

function peerConfig(peer: Peer, answers: Answers): Configuration {
  return {
    name: peer.id,
    mode: 'production',
    context: PEERS_DIR,
    entry: { main: `./${peer.entry}` },
    output: {
      path: path.join(PEERS_OUT, peer.id),
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      assetModuleFilename: '[name].[contenthash][ext]',
      publicPath: `/${peer.id}/`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // The peer libraries (and their React) from bench/peers; nothing else is looked up in the app's modules.
      modules: [path.join(PEERS_DIR, 'node_modules')],
    },
    resolveLoader: { modules: [path.join(ROOT, 'node_modules')] },
    module: {
      rules: [
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        typescriptRule({ development: false, target: 'es2020' }),
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __PEER_FORM__: JSON.stringify(peer.form()) }),
      new HtmlWebpackPlugin({
        templateContent: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${peerDocumentTitle()}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
      }),
      new MiniCssExtractPlugin({ filename: '[name].[contenthash].css', chunkFilename: '[name].[contenthash].css' }),
      peerAnswers(peer, answers),
      ...precompressed(/\.(js|css|html|json)$/),
    ],
    optimization: {
      minimize: true,
      minimizer: [minimizer()],
      splitChunks: { chunks: 'all' },
    },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-only',
  };
}

/** Installs (when needed) and builds every peer page into bench/out/peers/<id>/, with `answers` beside each. */
export async function buildPeers(answers: Answers): Promise<void> {
  await installPeers();
  const compiler = webpack(PEERS.map((peer) => peerConfig(peer, answers)));
  await new Promise<void>((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only').slice(0, 3000)));
      resolve();
    });
  });
}

export interface PeerServer {
  baseUrl: string;
  /** The URL of a peer's page. */
  url(peer: Peer): string;
  close(): Promise<void>;
}

/** Serves bench/out/peers pre-compressed on 127.0.0.1:port (brotli or gzip as the browser asks). */
export async function servePeers(port: number): Promise<PeerServer> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: PEERS_OUT, preCompressed: true, index: false });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  return { baseUrl, url: (peer) => `${baseUrl}/${peer.id}/index.html`, close: () => app.close() };
}
