/**
 * The parts of a webpack build shared by the app's (webpack.config.ts) and the bench's peer pages
 * (bench/peers/build.ts), so the peers are compiled, minified and pre-compressed exactly as ours are.
 */
import zlib from 'node:zlib';
import { css } from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

/** TypeScript and JSX through swc, for the browser bundle, the shell renderer and the peer pages alike. */
export function typescriptRule({ development, target }: { development: boolean; target: string }) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development } },
          target,
        },
      },
    },
  };
}

/** Pre-compressed copies for @fastify/static `preCompressed`; source maps are not worth compressing. */
const COMPRESSIBLE = /\.(js|css|html)$/;

/**
 * A .gz (level 9) and a .br (quality 11) beside each script, style sheet and page (and whatever else `test` takes),
 * for the server to send as is.
 */
export const precompressed = (test: RegExp = COMPRESSIBLE) => [
  new CompressionPlugin({
    filename: '[path][base].gz',
    algorithm: 'gzip',
    test,
    compressionOptions: { level: 9 },
    minRatio: 0.8,
  }),
  new CompressionPlugin<zlib.BrotliOptions>({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    minRatio: 0.8,
  }),
];

/**
 * swc's minifier: about 3x faster than terser for a similar size (STACK.md). CSS with webpack's own minifier (no
 * dependency): the style sheets, and so the CSS each shell page inlines, went out with their comments and
 * indentation (a quarter of the shells' inlined CSS after gzip was comments).
 */
export const minimizer = () =>
  new MinimizerPlugin({
    test: /\.(?:[cm]?js|css)(\?.*)?$/i,
    minify: [{ implementation: MinimizerPlugin.swcMinify }, { implementation: css.cssMinify }],
  });
