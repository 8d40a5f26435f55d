/**
 * webpack builds the SPA into dist/, which the API server serves on the same origin.
 * webpack-cli loads this TypeScript file through tsx (do not install ts-node: webpack-cli would prefer it and fail).
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { Compilation, sources, type Compiler, type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

type Argv = { mode?: Configuration['mode'] };

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
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.getFiles().filter((file) => file.endsWith('.js'));
          }
          compilation.emitAsset('chunk-groups.json', new sources.RawSource(JSON.stringify(groups, null, 2)));
        },
      );
    });
  },
};

const API_TARGET = `http://localhost:${process.env.API_PORT || 3001}`;

/** Pre-compressed copies for @fastify/static `preCompressed`; source maps are not worth compressing. */
const COMPRESSIBLE = /\.(js|css|html)$/;

export default (_env: unknown, argv: Argv): Configuration & { devServer?: DevServerConfiguration } => {
  const isProd = argv.mode === 'production';
  // Hashed names make assets cacheable forever (the server sends `immutable`); the dev server keeps them in
  // memory, so plain names there keep rebuilds and HMR simple.
  const jsName = isProd ? '[name].[contenthash].js' : '[name].js';

  return {
    mode: isProd ? 'production' : 'development',
    // A one-line summary instead of the module list; the budget script prints the sizes that matter.
    stats: isProd ? 'summary' : 'minimal',
    // webpack-cli imports this file as an ES module (Node 24 strips the types; tsx on older Node): no __dirname.
    context: import.meta.dirname,
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(import.meta.dirname, 'dist'),
      filename: jsName,
      chunkFilename: jsName,
      assetModuleFilename: '[name].[contenthash][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          // Plain CSS for the light shell (the auth pages and the layout do without antd to keep the first
          // download small); extracted into hashed .css files in production, injected by style-loader in dev.
          test: /\.css$/,
          use: [isProd ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html' }),
      chunkGroupsManifest,
      ...(isProd
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].[contenthash].css',
              chunkFilename: '[name].[contenthash].css',
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              compressionOptions: { level: 9 },
              minRatio: 0.8,
            }),
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              minRatio: 0.8,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: isProd,
      // swc's minifier: about 3x faster than terser for a similar size (STACK.md).
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      // 'all' also splits node_modules out of lazy pages, so each lazy page (named with
      // /* webpackChunkName: "page-x" */ at its import()) becomes its own small chunk and shared vendors are
      // downloaded once. The webpack runtime gets its own tiny chunk so a page change does not re-hash main.
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    // scripts/check-bundle-budget.mjs enforces the real budget on first-download JS.
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      hot: true,
      historyApiFallback: true,
      // public/ holds only the HTML template, which html-webpack-plugin already serves from memory.
      static: false,
      // Same paths as the server's API prefixes (server/src/http/static.ts), so the SPA calls one origin. Keep
      // changeOrigin off: the server's CSRF check compares Origin with the Host header, both localhost:DEV_PORT.
      proxy: [{ context: ['/api', '/public', '/service', '/lookup'], target: API_TARGET }],
      client: { overlay: { warnings: false, errors: true } },
    },
  };
};
