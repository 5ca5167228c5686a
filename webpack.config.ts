import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/**
 * The single-page application's build. `npm run build` (production) writes dist/web, which the
 * API server serves; `npm run dev` serves the app on :3000 and proxies the API calls to :8080.
 *
 * Hashed names are hex and at least 8 characters long because the server recognises
 * immutable assets by that shape (src/server/web.ts) and caches them for a year.
 */

const ROOT = __dirname;
/** WEB_DIR (also read by the server and the browser tests) builds elsewhere, e.g. beside another build. */
const OUT = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(ROOT, 'dist', 'web');
/** Chunk and module facts for scripts/check-budget.ts; kept outside dist/web so it is never served. */
const STATS_FILE = process.env.WEB_DIR ? path.join(path.dirname(OUT), `${path.basename(OUT)}-stats.json`) : path.join(ROOT, 'dist', 'stats.json');

const HASH = 'contenthash:16';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

interface Argv {
  mode?: 'production' | 'development' | 'none';
}

/** Writes a trimmed stats JSON after each production build. */
class StatsFilePlugin {
  constructor(private readonly file: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        hash: true,
        outputPath: true,
        publicPath: true,
        assets: true,
        entrypoints: true,
        chunkGroups: true,
        chunks: true,
        chunkModules: true,
        chunkRelations: true,
        nestedModules: true,
        // Modules merged into another (scope hoisting) count too.
        dependentModules: true,
        orphanModules: false,
        runtimeModules: false,
        // Every module, not the first few: the budget looks for locale files in every chunk.
        modulesSpace: Infinity,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        chunkGroupMaxAssets: Infinity,
        ids: true,
        errors: true,
        warnings: true,
      });
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

export default function config(_env: Record<string, unknown>, argv: Argv = {}): webpack.Configuration & { devServer?: DevServerConfiguration } {
  const mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const prod = mode === 'production';
  const apiBaseUrl = process.env.API_BASE_URL || '/api/v1';
  const apiProxyTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

  return {
    mode,
    context: ROOT,
    entry: { main: './src/web/index.tsx' },
    target: 'browserslist:last 2 Chrome versions, last 2 Firefox versions, last 2 Safari versions, last 2 Edge versions, iOS >= 16',
    output: {
      path: OUT,
      publicPath: '/',
      filename: prod ? `[name].[${HASH}].js` : '[name].js',
      chunkFilename: prod ? `[name].[${HASH}].js` : '[name].js',
      cssFilename: prod ? `[name].[${HASH}].css` : '[name].css',
      cssChunkFilename: prod ? `[name].[${HASH}].css` : '[name].css',
      assetModuleFilename: prod ? `assets/[name].[${HASH}][ext]` : 'assets/[name][ext]',
      hashFunction: 'xxhash64',
      hashDigest: 'hex',
      clean: true,
    },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        // redux-persist's reconcilers are typed only under lib/ (CommonJS), which would bundle a
        // second copy beside the es/ modules the package's main import brings.
        'redux-persist/lib/stateReconciler/autoMergeLevel1$': 'redux-persist/es/stateReconciler/autoMergeLevel1',
        // react-router's package exports only its development build; its production build (no
        // dev-only checks or warnings) sits beside it.
        ...(prod && { 'react-router$': path.join(ROOT, 'node_modules/react-router/dist/production/index.mjs') }),
      },
    },
    // Webpack's own CSS support: font packages (@fontsource/*) ship CSS whose url()s become
    // hashed font assets, without css-loader or an extraction plugin.
    experiments: { css: true },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: {
              // Types are checked by `npm run typecheck`; the build only strips them.
              transpileOnly: true,
              configFile: path.join(ROOT, 'tsconfig.json'),
              compilerOptions: {
                noEmit: false,
                module: 'esnext',
                jsx: prod ? 'react-jsx' : 'react-jsxdev',
                sourceMap: true,
              },
            },
          },
        },
        { test: /\.(woff2?|ttf|eot)$/i, type: 'asset/resource' },
        { test: /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i, type: 'asset/resource' },
      ],
    },
    optimization: {
      // Set by DefinePlugin below, with the API address, so both appear in one place.
      nodeEnv: false,
      runtimeChunk: 'single',
      minimizer: [
        new TerserPlugin({
          extractComments: false,
          terserOptions: {
            ecma: 2020,
            module: true,
            compress: { passes: 2, pure_getters: true },
            format: { comments: false },
          },
        }),
      ],
      moduleIds: prod ? 'deterministic' : 'named',
      chunkIds: prod ? 'deterministic' : 'named',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // The libraries the entry itself pulls in (react, MUI, Emotion, Redux, router,
          // i18next…): one chunk that changes less often than the app's code. A library used
          // only by some screens stays in (or beside) their lazy chunks instead of growing
          // the first download.
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 20,
            enforce: true,
          },
        },
      },
    },
    performance: {
      // scripts/check-budget.ts enforces the budget that matters (home route, gzip).
      hints: false,
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.API_BASE_URL': JSON.stringify(apiBaseUrl),
      }),
      new HtmlWebpackPlugin({
        template: path.join(ROOT, 'public', 'index.html'),
        inject: 'head',
        scriptLoading: 'defer',
        minify: prod ? { collapseWhitespace: true, removeComments: true, keepClosingSlash: true } : false,
      }),
      new CopyPlugin({
        patterns: [
          {
            from: path.join(ROOT, 'public'),
            to: OUT,
            // index.html is the template above, not a static copy.
            globOptions: { ignore: ['**/index.html', '**/README.md'] },
          },
        ],
      }),
      ...(prod
        ? [
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              compressionOptions: { level: 9 },
              threshold: 0,
              minRatio: 0.9,
            }),
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 0.9,
            }),
            new StatsFilePlugin(STATS_FILE),
          ]
        : []),
    ],
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api', '/media'], target: apiProxyTarget, changeOrigin: false }],
    },
    stats: prod ? 'normal' : 'minimal',
  };
}
