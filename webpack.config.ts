import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { screenRegExpSource, type ScreenPattern } from './src/shared/routes';
import { colorSchemeScript } from './src/web/theme/colorScheme';

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
/** The server's renderer (src/web/ssr.tsx), beside the build it draws pages for, never served. */
const SSR_OUT = `${OUT}-ssr`;
const STATS_FILE = process.env.WEB_DIR ? path.join(path.dirname(OUT), `${path.basename(OUT)}-stats.json`) : path.join(ROOT, 'dist', 'stats.json');

// Eight hex digits (32 bits) tell one build of a file from the next as surely as sixteen (the
// server takes eight or more as a file that never changes: src/server/web.ts, HASHED), and the
// runtime names every lazy chunk by its hash: eight digits fewer each keep the first download
// within its budget as screens are added.
const HASH = 'contenthash:8';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

interface Argv {
  mode?: 'production' | 'development' | 'none';
}

/**
 * What each screen needs before it can draw its content, by the path it answers: the server
 * (src/server/web.ts) lists these chunks as preloads in the index.html it sends for that path,
 * so they download beside the entry instead of one round trip after another (entry → screen
 * → its card chunk). `screen` is the module a route loads lazily (src/web/app/router.tsx);
 * `groups` are named lazy chunks the screen asks for on its first render. Chunks only some
 * widths or languages need (the desktop column, English strings) are left to load on demand.
 */
const ROUTE_PRELOADS: Array<{ route: ScreenPattern; screen: string; groups: string[] }> = [
  { route: '/', screen: 'src/web/features/feed/HomePage', groups: ['toasts', 'post-card'] },
  { route: '/explore', screen: 'src/web/features/explore/ExplorePage', groups: ['toasts', 'strings-ar', 'post-card'] },
  { route: '/post/:slug/*', screen: 'src/web/features/post/PostPage', groups: ['toasts', 'strings-ar'] },
  // Issue 30: a post's print view and a comparison of its versions, and checking a document.
  { route: '/post/:slug/print', screen: 'src/web/features/post/print/PostPrintPage', groups: ['toasts', 'strings-ar'] },
  { route: '/post/:slug/compare/:a/:b', screen: 'src/web/features/post/compare/PostComparePage', groups: ['toasts', 'strings-ar'] },
  { route: '/verify', screen: 'src/web/features/verify/VerifyPage', groups: ['toasts', 'strings-ar'] },
  { route: '/organizations', screen: 'src/web/features/organizations/OrganizationsPage', groups: ['toasts', 'strings-ar'] },
  { route: '/organizations/:code', screen: 'src/web/features/organizations/OrganizationPage', groups: ['toasts', 'strings-ar', 'post-card'] },
  { route: '/hashtags', screen: 'src/web/features/hashtags/HashtagsPage', groups: ['toasts', 'strings-ar'] },
  { route: '/hashtags/:slug', screen: 'src/web/features/hashtags/HashtagPage', groups: ['toasts', 'strings-ar', 'post-card'] },
  { route: '/types', screen: 'src/web/features/types/TypesPage', groups: ['toasts', 'strings-ar'] },
  { route: '/types/:id', screen: 'src/web/features/types/TypePage', groups: ['toasts', 'strings-ar', 'post-card'] },
  { route: '/categories', screen: 'src/web/features/categories/CategoriesPage', groups: ['toasts', 'strings-ar'] },
  { route: '/profile/:username', screen: 'src/web/features/profile/ProfilePage', groups: ['toasts', 'strings-ar'] },
];
/** Written beside index.html; read by the server. */
export const PRELOAD_MANIFEST = 'preload-manifest.json';
/** The font every page draws its first Arabic text in (src/web/theme/fonts.ts). */
const PRELOADED_FONT = /(^|\/)ibm-plex-sans-arabic-arabic-400-normal\.[0-9a-f]+\.woff2$/;

/**
 * Parts of MUI's components drawn only after the reader acts, which the browser's build replaces
 * with stand-ins that load them apart from the first download (src/web/theme/deferredPart.tsx):
 * by the importing MUI module and the import it makes.
 */
const DEFERRED_MUI_PARTS: Array<{ issuer: RegExp; request: string; standIn: string }> = [
  // The press ripple, mounted at a button's first press or keyboard focus.
  { issuer: /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/, request: './TouchRipple.mjs', standIn: 'deferredTouchRipple.tsx' },
  // A button's loading indicator, drawn only while its `loading` prop is on.
  { issuer: /[\\/]@mui[\\/]material[\\/](?:Button[\\/]Button|IconButton[\\/]IconButton)\.mjs$/, request: '../CircularProgress/index.mjs', standIn: 'deferredCircularProgress.tsx' },
];

/** Source path of a module relative to ROOT, without extension ('' for modules without a file). */
function sourceOf(module: webpack.Module): string[] {
  const inner = (module as webpack.Module & { modules?: webpack.Module[] }).modules;
  if (inner) return inner.flatMap(sourceOf);
  const resource = (module as webpack.NormalModule).resource;
  return resource ? [path.relative(ROOT, resource).split(path.sep).join('/').replace(/\.[cm]?[jt]sx?$/, '')] : [];
}

/**
 * Writes PRELOAD_MANIFEST: for each path pattern, the JS files of its screen's lazy chunk
 * group and of the named groups it lists. A screen or group missing from the build fails it,
 * so a renamed screen cannot silently lose its preloads.
 */
class RoutePreloadPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RoutePreloadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RoutePreloadPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const js = (group: webpack.ChunkGroup) => [...new Set(group.chunks.flatMap((c) => [...c.files]).filter((f) => f.endsWith('.js')))];
        const lazyGroups = compilation.chunkGroups.filter((g) => !g.isInitial());
        const screenGroup = (screen: string) =>
          lazyGroups.find((g) =>
            g.chunks.some((chunk) => [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((m) => sourceOf(m).includes(screen))),
          );
        const routes = ROUTE_PRELOADS.map(({ route, screen, groups }) => {
          const pattern = screenRegExpSource(route);
          const own = screenGroup(screen);
          if (!own) throw new Error(`RoutePreloadPlugin: no lazy chunk holds ${screen}`);
          const files = js(own);
          for (const name of groups) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`RoutePreloadPlugin: no chunk group named "${name}"`);
            files.push(...js(group));
          }
          return { pattern, scripts: [...new Set(files)].map((f) => `${String(compilation.outputOptions.publicPath)}${f}`) };
        });
        compilation.emitAsset(PRELOAD_MANIFEST, new webpack.sources.RawSource(JSON.stringify({ routes }, null, 2)));
      });
    });
  }
}

/** Adds `<link rel="preload">` for the Arabic 400 font to index.html, ahead of the scripts. */
class FontPreloadPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.compilation.tap('FontPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('FontPreloadPlugin', (data) => {
        const font = Object.keys(compilation.assets).find((name) => PRELOADED_FONT.test(name));
        if (!font) throw new Error('FontPreloadPlugin: the Arabic 400 font is not in the build');
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            href: `${String(compilation.outputOptions.publicPath)}${font}`,
            as: 'font',
            type: 'font/woff2',
            // Fonts are fetched in CORS mode; without this the preload would not be used.
            crossorigin: '',
          }),
        );
        return data;
      });
    });
  }
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

type WebConfiguration = webpack.Configuration & { devServer?: DevServerConfiguration };

/**
 * The production build is two: the app, and the server's renderer of its public screens
 * (src/web/ssr.tsx, loaded by src/server/ssr.ts). The renderer is one CommonJS file for Node,
 * built from the same sources with the same asset names (it links the files the app's build
 * wrote; it writes none), so the page it draws is the page the app takes over.
 */
export default function config(env: Record<string, unknown>, argv: Argv = {}): WebConfiguration | WebConfiguration[] {
  const app = appConfig(env, argv);
  if (app.mode !== 'production') return app;
  return [app, rendererConfig(app)];
}

function rendererConfig(app: webpack.Configuration): webpack.Configuration {
  const rules = (app.module?.rules ?? []).map((rule) =>
    rule && typeof rule === 'object' && rule.type === 'asset/resource' ? { ...rule, generator: { emit: false } } : rule,
  );
  return {
    name: 'renderer',
    mode: app.mode,
    context: ROOT,
    target: 'node20',
    entry: { ssr: './src/web/ssr.tsx' },
    output: {
      path: SSR_OUT,
      publicPath: app.output?.publicPath,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      assetModuleFilename: app.output?.assetModuleFilename,
      hashFunction: app.output?.hashFunction,
      hashDigest: app.output?.hashDigest,
      clean: true,
    },
    devtool: false,
    resolve: {
      ...app.resolve,
      alias: {
        ...(app.resolve?.alias as Record<string, string> | undefined),
        // A useTranslation made for drawing (src/web/i18n/serverTranslation.ts); the package beside it.
        'react-i18next$': path.join(ROOT, 'src/web/i18n/serverTranslation.ts'),
        'react-i18next-package$': path.join(ROOT, 'node_modules/react-i18next/dist/es/index.js'),
      },
    },
    module: { rules },
    optimization: { nodeEnv: false, minimize: false, moduleIds: 'deterministic' },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(app.mode) }),
      // Lazy screens and chunks are in the one file: the renderer loads them without a network.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    stats: 'errors-warnings',
  };
}

function appConfig(_env: Record<string, unknown>, argv: Argv = {}): WebConfiguration {
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
    module: {
      rules: [
        {
          // Emotion's package keeps a bare `import 'hoist-non-react-statics'` (for its withTheme,
          // which the app never uses); that package declares no sideEffects, so the import alone
          // would bring it and its own copy of react-is into the first download. It has none.
          test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/,
          sideEffects: false,
        },
        {
          // react-router's unused components and contexts (its <Form>, the data routers' parts)
          // marked as removable (scripts/pure-calls-loader.mjs).
          test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/,
          use: path.join(ROOT, 'scripts', 'pure-calls-loader.mjs'),
        },
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
            compress: { passes: 3, pure_getters: true },
            format: { comments: false },
          },
        }),
      ],
      moduleIds: prod ? 'deterministic' : 'named',
      // Shortest export names across chunks (a few KB of the first download); chunk names stay
      // content-hashed, so caching is unaffected.
      mangleExports: prod ? 'size' : false,
      chunkIds: prod ? 'deterministic' : 'named',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Reading offline's words (src/web/pwa/offlineStrings.ts), wanted by four lazy chunks
          // (the worker's registration, the banner, the offline page, the bookmarks screen): one
          // small chunk of their own rather than a copy in each.
          offlineStrings: {
            test: /[\\/]src[\\/]web[\\/](i18n[\\/]locales[\\/](ar|en)[\\/]offline|pwa[\\/]offlineStrings)\.ts$/,
            name: 'strings-offline',
            chunks: 'async',
            priority: 30,
            enforce: true,
          },
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
      // What MUI draws only after the reader acts, loaded apart from the first download.
      new webpack.NormalModuleReplacementPlugin(/^\.{1,2}\/(?:TouchRipple\.mjs|CircularProgress\/index\.mjs)$/, (resource: { request: string; contextInfo?: { issuer?: string } }) => {
        const issuer = resource.contextInfo?.issuer ?? '';
        const part = DEFERRED_MUI_PARTS.find((p) => p.request === resource.request && p.issuer.test(issuer));
        if (part) resource.request = path.join(ROOT, 'src', 'web', 'theme', part.standIn);
      }),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.API_BASE_URL': JSON.stringify(apiBaseUrl),
        // The browser's build always has a window: what only the server's renderer draws
        // (RENDERING_ON_SERVER, src/web/app/serverSide.ts) and libraries' checks for one drop out.
        'typeof window': JSON.stringify('object'),
      }),
      new HtmlWebpackPlugin({
        template: path.join(ROOT, 'public', 'index.html'),
        inject: 'head',
        scriptLoading: 'defer',
        // Light or dark is decided in <head>, before the first paint (src/web/theme/colorScheme.ts).
        templateParameters: { colorSchemeScript: colorSchemeScript() },
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
            // The service worker (src/web/sw/sw.ts, issue 31) with the list of the app's files it
            // precaches by their hashed names, and the shell it opens offline: every script, style,
            // font and logo of the build, not source maps, compressed copies or the server's files.
            new InjectManifest({
              swSrc: path.join(ROOT, 'src', 'web', 'sw', 'sw.ts'),
              swDest: 'sw.js',
              include: [/\.js$/, /\.css$/, /\.woff2$/, /^assets\/.*\.svg$/, /^index\.html$/],
              exclude: [/\.map$/, /\.(br|gz)$/, /^sw\.js$/, /(^|\/)preload-manifest\.json$/],
              // Hashed names are their own revision; index.html gets one from its content.
              dontCacheBustURLsMatching: /\.[0-9a-f]{8,}\./,
              maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
            }),
            new StatsFilePlugin(STATS_FILE),
            new RoutePreloadPlugin(),
            new FontPreloadPlugin(),
          ]
        : []),
    ],
    name: 'app',
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
