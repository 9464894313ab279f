// The one webpack + Module Federation configuration of the web apps. The shell and every remote call it with a few
// options, so they share the same loaders, the same short list of shared singletons and the same output rules.
// Plain JavaScript (webpack-cli loads it with Node without a TypeScript loader); checked by eslint.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { MF_REGISTRY_PATH } from '@cp/contracts/mf-metadata';
import { fromRemoteManifest } from './remote-manifest.js';
import utilitySublayers from './utility-sublayers.js';

const require = createRequire(import.meta.url);
/** A remote's standalone development page (`npm run dev -w mf-<x>`): the same for every remote. */
const STANDALONE_TEMPLATE = fileURLToPath(new URL('./standalone.html', import.meta.url));
const MF_RUNTIME_CORE = fileURLToPath(import.meta.resolve('@module-federation/runtime-core'));
const MF_SDK = fileURLToPath(import.meta.resolve('@module-federation/sdk'));

/** The package.json of the package whose module file is `file`. */
function packageJsonOf(file, name) {
  let dir = path.dirname(file);
  while (!dir.endsWith(path.join('node_modules', name))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${file} is not inside node_modules/${name}`);
    dir = parent;
  }
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
}

/**
 * Shared singletons shared as a subset: a shared module is never tree-shaken, so the page shares only the part of the
 * package a single-page app uses (web-core/lib/*-client.ts). The subset re-exports the package's own module under an
 * alias (`impl`) that Module Federation does not consume from the share scope; code keeps importing the package name.
 */
const SUBSETS = Object.fromEntries(
  [
    { name: 'react-router', client: 'react-router-client.ts', impl: '@cp/react-router-impl' },
    { name: '@reduxjs/toolkit', client: 'redux-toolkit-client.ts', impl: '@cp/redux-toolkit-impl' },
  ].map(({ name, client, impl }) => {
    const file = fileURLToPath(import.meta.resolve(name));
    return [name, { import: fileURLToPath(new URL(`../lib/${client}`, import.meta.url)), version: packageJsonOf(file, name).version, impl, file }];
  }),
);

/**
 * The shared singletons: an explicit short list (anchors.md: never share every dependency). One React, one router,
 * one store library, one design system (one toast queue) and one web-core (one store, one API, one session).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  '@reduxjs/toolkit',
  'react-redux',
  '@cp/ui',
  // @cp/ui's entries that no first view needs (the Radix parts with poppers, layers and focus traps): shared on their
  // own so the home page does not load them.
  '@cp/ui/dialog',
  '@cp/ui/dropdown-menu',
  '@cp/ui/select',
  '@cp/ui/select-field',
  '@cp/ui/checkbox',
  '@cp/ui/tabs',
  '@cp/web-core',
  // The microfrontend contract (lazyPage, defineRemoteRoutes/Widgets, the slots): the host's copy serves every remote's
  // exposed modules, which would otherwise each bundle it beside the host's.
  '@cp/web-core/contract',
  // The page's server-sent event streams (one connection per stream for the shell's header links and the remotes'
  // pages); no first view needs it.
  '@cp/web-core/live-stream',
];

/**
 * The singletons every page of the shell needs before its first render. The host bundles them into its entry (`eager`):
 * one file and no round trip between the entry and its first render (a lazy share is a chunk the entry asks for only
 * once it runs). The host provides them first, so with `loaded-first` every remote uses the host's copy; a remote's
 * own copy stays its fallback (and its standalone page's). @cp/ui's entries that no first view needs stay lazy.
 */
export const FIRST_VIEW_SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', 'react-router', '@reduxjs/toolkit', 'react-redux', '@cp/ui', '@cp/web-core', '@cp/web-core/contract'];

/**
 * The host's first view is three files, not one: `stack` (the libraries), `app` (our code) and `main` (the runtimes and
 * the entry module, which starts the app), loaded in parallel and run in that order (`defer`, or the page's after-paint
 * loader with `async = false`). Same bytes, same single round trip; the point is how the start-up runs. The entry
 * starts the app while its own file's top-level function is on the stack, and a function on the stack of a traced call
 * (a timer, a fetch, a new element: what DevTools and Lighthouse record) must have its source positions collected —
 * V8 parses it again, in full. With everything in one 500 KB file that was the whole file, once per page load, on the
 * main thread, inside the first script's task: most of that task's time under Lighthouse. A small entry file keeps it
 * small. The modules themselves still run when first imported (bootstrap.tsx spreads that over tasks).
 */
export const HOST_FIRST_FILES = {
  cacheGroups: {
    stack: { test: /[\\/]node_modules[\\/]/, name: 'stack', chunks: 'initial', enforce: true },
    app: {
      test: (module) => /[\\/](packages|shell[\\/]src)[\\/]/.test(module.resource ?? '') && !/[\\/]shell[\\/]src[\\/]index\.ts$/.test(module.resource ?? ''),
      name: 'app',
      chunks: 'initial',
      enforce: true,
    },
  },
};

const packageNameOf = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]);

/**
 * `shared` for ModuleFederationPlugin: singletons whose requiredVersion is the app's own dependency range; the host's
 * first-view singletons are eager (FIRST_VIEW_SINGLETONS).
 */
export function sharedConfig(appPackageJson, { host = false } = {}) {
  const deps = { ...appPackageJson.devDependencies, ...appPackageJson.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((request) => {
      const pkg = packageNameOf(request);
      const range = deps[pkg];
      if (!range) throw new Error(`${appPackageJson.name}: shared singleton ${pkg} must be a dependency`);
      const eager = host && FIRST_VIEW_SINGLETONS.includes(request) ? { eager: true } : {};
      const subset = SUBSETS[request];
      if (subset) return [request, { singleton: true, requiredVersion: range, import: subset.import, version: subset.version, ...eager }];
      return [request, { singleton: true, requiredVersion: range, ...eager }];
    }),
  );
}

const swcRule = (isDev, tsx) => ({
  loader: require.resolve('swc-loader'),
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      target: 'es2020',
      transform: tsx ? { react: { runtime: 'automatic', development: isDev } } : undefined,
    },
    sourceMaps: true,
  },
});

/**
 * Writes `csp.json` next to index.html: the sha256 sources of its inline scripts (the theme script), for the gateway's
 * Content-Security-Policy `script-src`.
 */
class InlineScriptHashesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('InlineScriptHashes', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InlineScriptHashes', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        const html = assets['index.html']?.source().toString();
        if (!html) return;
        const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
        compilation.emitAsset('csp.json', new webpack.sources.RawSource(`${JSON.stringify({ 'script-src': hashes }, null, 2)}\n`));
      });
    });
  }
}

/**
 * The manifest's `additionalData` hook of a remote: reads its metadata file (the same file its ./routes and ./widgets
 * modules are built from), checks it against the zod schema of @cp/contracts and publishes it in mf-manifest.json
 * (and mf-stats.json) as `metaData.cpRemote`. Read at every compilation, so watch mode publishes an edit. An invalid
 * file fails the build.
 */
function publishRemoteMetadata(file) {
  return async ({ stats }) => {
    // @cp/contracts is TypeScript: Node 24 (the npm scripts' node) strips the types; only remotes' builds load it.
    const { MANIFEST_METADATA_KEY, publishedMetadata, RemoteMetadataSourceSchema } = await import('@cp/contracts');
    let raw;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const parsed = RemoteMetadataSourceSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`${file}: invalid remote metadata: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    stats.metaData[MANIFEST_METADATA_KEY] = publishedMetadata(parsed.data);
    return stats;
  };
}

/** The Node.js side of Module Federation: loads a server container's chunks over HTTP (issue 20). */
/**
 * In a remote's browser build, lucide's icon modules (`lucide-react/dist/esm/icons/*.mjs`) get their
 * `createLucideIcon` from @cp/ui (shared-lucide-icon.js), the shared singleton whose copy on the page is the host's:
 * lucide's icon machinery (the Icon component, its context and helpers, about 1 KB gzip) is on the page once, not once
 * per remote chunk (issue 20 §7). Only the icon modules' import is redirected: lucide's own entry, which @cp/ui
 * re-exports it from, keeps the real one, so a remote's fallback copy of @cp/ui (a remote run alone) still works.
 */
const SHARED_LUCIDE_ICON = fileURLToPath(new URL('./shared-lucide-icon.js', import.meta.url));
class SharedLucideIconPlugin {
  apply(compiler) {
    new webpack.NormalModuleReplacementPlugin(/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/, (resolveData) => {
      const { contextInfo, createData } = resolveData;
      if (!createData.resource || !/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(contextInfo.issuer)) return;
      // The request too, not only the resource: it names the module, and lucide's entry keeps the real one.
      Object.assign(createData, { resource: SHARED_LUCIDE_ICON, request: SHARED_LUCIDE_ICON, userRequest: SHARED_LUCIDE_ICON });
    }).apply(compiler);
  }
}

const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');
const EMPTY_STYLE_LOADER = fileURLToPath(new URL('./empty-style-loader.cjs', import.meta.url));

/**
 * The server build of an app (production only), in `dist/server/` beside its browser build, for the renderer
 * (services/renderer, issue 20):
 *   - a remote: a `commonjs-module` container, `dist/server/remoteEntry.js`, with the same exposes and the same shared
 *     singletons as its browser container. The gateway serves it at `<publicPath>server/remoteEntry.js` and the
 *     renderer registers it at run time from the registry (@module-federation/node's runtime plugin fetches its
 *     chunks over HTTP), so a remote deployed again is rendered again without rebuilding or restarting anything else.
 *   - the host (the shell, `options.serverEntry`): `dist/server/server.js`, a CommonJS module the renderer requires;
 *     it provides the shared singletons (eager, as in the browser) and loads the remotes' server containers.
 * Stylesheets are empty modules; images keep the browser build's URLs (same names, not emitted twice), so the
 * server's markup is the browser's. Not minified: it runs on the server.
 */
function serverConfig(options, appPackageJson) {
  const { appDir, kind, name, publicPath } = options;
  const isHost = kind === 'host';
  return {
    name: `${name}-server`,
    mode: 'production',
    context: appDir,
    target: 'async-node',
    entry: isHost ? { server: options.serverEntry } : {},
    devtool: false,
    output: {
      path: path.join(appDir, 'dist', 'server'),
      publicPath: `${publicPath}server/`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: `${name}_server`,
      ...(isHost ? { library: { type: 'commonjs2' } } : {}),
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: Object.fromEntries(Object.values(SUBSETS).map((subset) => [`${subset.impl}$`, subset.file])),
    },
    module: {
      rules: [
        { test: /\.tsx$/, exclude: /node_modules/, use: swcRule(false, true) },
        { test: /\.ts$/, exclude: /node_modules/, use: swcRule(false, false) },
        { test: /\.css$/, use: [EMPTY_STYLE_LOADER] },
        { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource', generator: { emit: false, publicPath, filename: '[name].[contenthash:8][ext]' } },
        { test: /[\\/]packages[\\/]contracts[\\/]/, exclude: /[\\/]zod-config\.ts$/, sideEffects: false },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: options.exposes ?? {}, library: { type: 'commonjs-module', name } }),
        remotes: {},
        remoteType: 'script',
        shared: sharedConfig(appPackageJson, { host: isHost }),
        shareStrategy: 'loaded-first',
        runtimePlugins: [NODE_RUNTIME_PLUGIN, ...(options.serverRuntimePlugins ?? [])],
        manifest: false,
        dts: false,
        dev: false,
      }),
      // The apps' packages are ES modules ("type": "module"); this folder's files are CommonJS.
      {
        apply: (compiler) =>
          compiler.hooks.thisCompilation.tap('CommonJsFolder', (compilation) =>
            compilation.hooks.processAssets.tap({ name: 'CommonJsFolder', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () =>
              compilation.emitAsset('package.json', new webpack.sources.RawSource('{ "type": "commonjs" }\n')),
            ),
          ),
      },
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

export { devRemotes } from './remote-manifest.js';

/**
 * What every remote has unless its webpack.config.js says otherwise: its two exposed modules (the contract's `./routes`
 * and `./widgets`, see @cp/web-core/contract), its metadata file (what it contributes: routes, home slots, header
 * links, Post Ad panel; the source of ./routes and ./widgets, published in mf-manifest.json for the gateway's
 * registry) and a dev server that sends the API and the uploads to the gateway (GATEWAY_URL). Read when the config is
 * made, so GATEWAY_URL is the environment's of that run.
 */
function remoteDefaults() {
  const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
  return {
    exposes: { './routes': './src/exposes/routes.ts', './widgets': './src/exposes/widgets.ts' },
    metadata: './src/exposes/metadata.json',
    devServer: { proxy: [{ context: ['/api', '/uploads'], target: gateway, changeOrigin: true }] },
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir            the app's folder (import.meta.dirname of its webpack.config.js)
 * @param {'host' | 'remote'} options.kind
 * @param {string} [options.name]            the container name: 'shell' (a remote's: from its remote.json, mf_<name>)
 * @param {string} [options.publicPath]      where the gateway serves the build: '/' (a remote's: /mf/<name>/)
 * @param {number} [options.devPort]         the dev server's port (a remote's: its remote.json devPort)
 * @param {Record<string, string>} [options.exposes]  a remote's exposed modules (default: './routes' and './widgets'
 *                                           from src/exposes/, remoteDefaults)
 * @param {string} [options.metadata]       a remote's metadata file (what it contributes, see @cp/contracts/mf-metadata),
 *                                           published in its mf-manifest.json (default: './src/exposes/metadata.json')
 * @param {string[]} [options.runtimePlugins]          Module Federation runtime plugins (host)
 * @param {string} [options.serverEntry]     the host's server entry (its render function, for the renderer); a remote's
 *                                           server container is built from its exposes
 * @param {string[]} [options.serverRuntimePlugins]    runtime plugins of the server build (besides the Node.js one)
 * @param {string} [options.htmlTemplate]   the page template (the host); a remote's standalone development page
 *                                           defaults to build/standalone.html titled '<folder> (standalone)'
 * @param {import('webpack-dev-server').Configuration} [options.devServer]  extra dev server settings (a remote's
 *                                           default: the proxy of /api and /uploads to the gateway)
 */
export function createWebConfig(givenOptions) {
  // A remote: its name, public path and dev server port from its remote.json, the rest from remoteDefaults().
  const options = givenOptions.kind === 'remote' ? fromRemoteManifest({ ...remoteDefaults(), ...givenOptions }) : givenOptions;
  const { appDir, kind, name, publicPath, devPort } = options;
  const appPackageJson = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  if (kind === 'remote' && !options.metadata) throw new Error(`${name}: a remote needs its metadata file (options.metadata, e.g. './src/exposes/metadata.json')`);
  const metadataFile = kind === 'remote' ? path.resolve(appDir, options.metadata) : undefined;
  if (metadataFile && !existsSync(metadataFile)) throw new Error(`${name}: metadata file ${metadataFile} does not exist`);

  return (_env, argv) => {
    const browser = browserConfig(_env, argv);
    // Production builds make the server bundle beside the browser one (issue 20): the renderer loads it at run time.
    return argv.mode === 'production' && (kind === 'remote' || options.serverEntry) ? [browser, serverConfig(options, appPackageJson)] : browser;
  };

  function browserConfig(_env, argv) {
    const isDev = argv.mode !== 'production';
    const isHost = kind === 'host';
    const htmlTemplate = options.htmlTemplate ?? (isHost ? undefined : STANDALONE_TEMPLATE);
    const contentHash = isDev ? '[name]' : '[name].[contenthash:8]';
    const tailwind = require('@tailwindcss/postcss');

    return {
      name,
      mode: isDev ? 'development' : 'production',
      context: appDir,
      // A remote's production build is only its container (remoteEntry.js + exposed chunks); its ./src/index.ts is the
      // standalone development page.
      entry: isHost || isDev ? { main: './src/index.ts' } : {},
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(appDir, 'dist'),
        publicPath,
        // A function because the federation runtime module asks for the entry's file name (only for its folder depth)
        // before hashes exist: hashed names once they do.
        filename: isDev ? '[name].js' : (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js'),
        chunkFilename: `${contentHash}.js`,
        assetModuleFilename: isDev ? '[name][ext]' : '[name].[contenthash:8][ext]',
        uniqueName: name,
        // The server build (dist/server, serverConfig) is made in the same run: not the browser build's to remove.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // The runtime is reached through both `require` (the provider plugin) and `import`: one (ESM) copy, not two.
        alias: {
          '@module-federation/runtime-core$': MF_RUNTIME_CORE,
          '@module-federation/sdk$': MF_SDK,
          ...Object.fromEntries(Object.values(SUBSETS).map((subset) => [`${subset.impl}$`, subset.file])),
        },
      },
      module: {
        rules: [
          { test: /\.tsx$/, exclude: /node_modules/, use: swcRule(isDev, true) },
          { test: /\.ts$/, exclude: /node_modules/, use: swcRule(isDev, false) },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              { loader: require.resolve('css-loader'), options: { importLoaders: 1 } },
              {
                loader: require.resolve('postcss-loader'),
                // utilitySublayers: every app's utilities merge in the right order across the page's stylesheets.
                options: { postcssOptions: { plugins: [tailwind({ base: appDir, optimize: isDev ? false : { minify: true } }), utilitySublayers()] } },
              },
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' },
          // Only the used parts of the contracts package (zod schemas) end up in a bundle. zod-config.ts is the one module
          // with an effect (zod jitless in browsers, before any schema is built): its imports must stay.
          { test: /[\\/]packages[\\/]contracts[\\/]/, exclude: /[\\/]zod-config\.ts$/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: options.exposes ?? {} }),
          remotes: {},
          shared: sharedConfig(appPackageJson, { host: isHost }),
          // A missing remote must not blank the page: use what is already loaded instead of asking every remote.
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins ?? [],
          // A remote's manifest also carries what it contributes (metaData.cpRemote): the gateway's registry reads it.
          manifest: metadataFile ? { additionalData: publishRemoteMetadata(metadataFile) } : true,
          dts: false,
          // One Module Federation runtime core on the page: the shell provides it to the remotes' production builds (a
          // remote run alone in development keeps its own copy).
          // optimization.target 'web': the runtime's Node.js code paths (script loading through fs/vm) are left out.
          experiments: { ...(isHost ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true }), optimization: { target: 'web' } },
          dev: isDev ? { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true } : false,
        }),
        new MiniCssExtractPlugin({ filename: `${contentHash}.css`, chunkFilename: `${contentHash}.css` }),
        ...(isHost || isDev ? [] : [new SharedLucideIconPlugin()]),
        ...(htmlTemplate && (isHost || isDev)
          ? [new HtmlWebpackPlugin({ template: htmlTemplate, title: `${path.basename(appDir)} (standalone)`, templateParameters: { mfRegistryPath: MF_REGISTRY_PATH }, filename: 'index.html', scriptLoading: 'defer', inject: 'head', minify: !isDev }), new InlineScriptHashesPlugin()]
          : []),
      ],
      optimization: {
        // A remote's CSS (imported by both exposed modules) as one file, not one copy per exposed module.
        // The host's first files: the libraries, our code, then the entry (webpack's runtime, Module Federation's and
        // the entry module), which starts the app once the other two have run (HOST_FIRST_FILES).
        splitChunks: isHost ? HOST_FIRST_FILES : { cacheGroups: { styles: { name: 'styles', type: 'css/mini-extract', chunks: 'async', enforce: true } } },
        minimize: !isDev,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: { passes: 2 }, mangle: true } })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        client: { overlay: { errors: true, warnings: false } },
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        devMiddleware: { publicPath },
        historyApiFallback: isHost ? true : { index: `${publicPath}index.html` },
        ...options.devServer,
      },
    };
  }
}
