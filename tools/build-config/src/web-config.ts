// The one Rspack + Module Federation configuration the host and the three remotes are built with.
// Packages pass in their own @rspack/core and federation plugin (pnpm keeps them per package).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration, RspackOptions, rspack as Rspack } from '@rspack/core';
import type { ModuleFederationPlugin as ModuleFederationPluginClass } from '@module-federation/enhanced/rspack';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appConfig, remotesManifest } from 'web-server/runtime-config';
import type { BuildInfo } from 'shared-contracts/build-info';
import {
  SHAKEN_LIBRARIES,
  sharedExportsRecord,
  usedExportsOf,
  type SharedExportsRecord,
} from './shared-used-exports';
import { federationRuntimeAsEsm } from './federation-runtime-esm';
import { MantineCssCoveragePlugin, writeMantineCssEntry } from './mantine-css';
import { SsrAssetsPlugin } from './ssr-assets-plugin';

// A package's rspack.config.ts needs its port and nothing else from the stack's settings.
export { resolvePorts } from 'web-server/ports';

const SUPPORTED_BROWSERS = [
  'chrome >= 108',
  'edge >= 108',
  'firefox >= 101',
  'safari >= 15.4',
  'ios_saf >= 15.4',
];
const PRECOMPRESSED = /\.(js|mjs|css|html|json|svg|txt)$/;
const PROBE_BUILD_ID = process.env.SB_BUILD_ID ?? '';
const E2E_PROBE = process.env.SB_E2E_PROBE === '1';
const BUILD_INFO_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-info-module.ts');

/**
 * What this build says about itself (docs/releases.md): `pnpm release` sets the version, time and
 * label; a plain build is a development build. The host contract is the one the host provides, or
 * the one a remote needs (`secondbyte.hostContract` in its package.json); SB_HOST_CONTRACT
 * overrides it so a test can build a remote the host must refuse.
 */
/** The Module Federation version this package builds with (plugin and runtime move in lockstep). */
function federationVersion(dir: string): string {
  // Its exports map hides package.json from require(); every web package depends on it directly.
  const file = path.join(dir, 'node_modules', '@module-federation', 'enhanced', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The package.json fields a build reads. */
export interface WebPackageJson {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  secondbyte?: { hostContract?: string };
}

/** The record every build writes into its manifest and bundle (host-contract.ts reads it). */
export type { BuildInfo };

/** What a package's rspack.config.ts passes in. */
export interface WebConfigOptions {
  /** The package's own @rspack/core (pnpm keeps one per package). */
  rspack: typeof Rspack;
  ModuleFederationPlugin: typeof ModuleFederationPluginClass;
  /** The package's folder. */
  dir: string;
  name: string;
  port: number;
  exposes?: Record<string, string>;
  isHost?: boolean;
  pkg: WebPackageJson;
}

/**
 * `sharesFederationRuntime`: a production browser build. The host then provides its federation
 * runtime to the page, and a remote runs on it instead of carrying its own
 * (docs/decisions/0015-federation-runtime-size.md); the record says which version, so the host can
 * refuse a remote built for another runtime before running any of its code.
 */
function buildInfo(
  name: string,
  pkg: WebPackageJson,
  isHost: boolean,
  { dir, sharesFederationRuntime }: { dir: string; sharesFederationRuntime: boolean },
): BuildInfo {
  return {
    name,
    version: process.env.SB_RELEASE_VERSION || `${pkg.version}-dev`,
    buildTime: process.env.SB_RELEASE_TIME || new Date().toISOString(),
    label: process.env.SB_RELEASE_LABEL ?? '',
    hostContract: process.env.SB_HOST_CONTRACT || pkg.secondbyte?.hostContract || '1.0',
    role: isHost ? 'host' : 'remote',
    federationRuntime: {
      version: process.env.SB_FEDERATION_RUNTIME_VERSION || federationVersion(dir),
      shared: sharesFederationRuntime,
    },
  };
}

/** Shared singletons (docs/architecture.md#shared-singletons): one React, router, Mantine, QueryClient, store and auth. */
function sharedModules(deps: Record<string, string>, dir: string, { treeShaking = true } = {}) {
  const single = (name: string, version = deps[name]) => ({
    singleton: true,
    requiredVersion: version ?? (false as const),
  });
  // firebase/* subpath folders carry no package.json, so the installed version is given explicitly.
  const firebaseVersion = (
    createRequire(path.join(dir, 'package.json'))('firebase/package.json') as { version: string }
  ).version;
  const firebase = (name: string) => ({ ...single(name, deps.firebase), version: firebaseVersion });
  // Shared tree shaking (experimental in MF 2.9): the whole of @mantine/core was 577 KB. Each build keeps
  // the exports the WHOLE workspace uses ('runtime-infer' with the same explicit list everywhere), so
  // whichever copy loads first serves every remote. SB_SHARED_TREE_SHAKING=0 builds them whole.
  const shaken = (name: string) =>
    !treeShaking || process.env.SB_SHARED_TREE_SHAKING === '0' || !SHAKEN_LIBRARIES[name]
      ? single(name)
      : {
          ...single(name),
          treeShaking: { mode: 'runtime-infer' as const, usedExports: usedExportsOf(name) },
        };
  return {
    react: single('react'),
    'react/jsx-runtime': single('react/jsx-runtime', deps.react),
    'react-dom': single('react-dom'),
    'react-dom/client': single('react-dom/client', deps['react-dom']),
    'react-router': shaken('react-router'),
    '@mantine/core': shaken('@mantine/core'),
    '@mantine/hooks': shaken('@mantine/hooks'),
    '@mantine/notifications': single('@mantine/notifications'),
    '@tanstack/react-query': single('@tanstack/react-query'),
    zustand: single('zustand'),
    'firebase/app': firebase('firebase/app'),
    'firebase/auth': firebase('firebase/auth'),
    'runtime-kernel': { singleton: true, requiredVersion: '^1.0.0' },
  };
}

/** The config function `rspack build` and `rspack serve` call: both builds in production. */
export function createWebConfig(
  options: WebConfigOptions,
): (env: unknown, argv: { mode?: string }) => Configuration | Configuration[] {
  return (_env, argv) => {
    const production = argv.mode !== 'development' && process.env.NODE_ENV !== 'development';
    const browser = browserConfig(options, production);
    // The dev server (hot reload, standalone pages) renders in the browser only.
    return production ? [browser, serverConfig(options)] : browser;
  };
}

/**
 * Every build says the same about itself in the browser and on the server, and defines the same
 * constants, so the HTML rendered on the server matches what the browser hydrates.
 */
function buildDefines({
  rspack,
  name,
  isHost = false,
  pkg,
  dir,
  sharesFederationRuntime = false,
}: Pick<WebConfigOptions, 'rspack' | 'name' | 'isHost' | 'pkg' | 'dir'> & {
  sharesFederationRuntime?: boolean;
}): {
  build: BuildInfo;
  sharedExports: SharedExportsRecord;
  plugin: InstanceType<typeof Rspack.DefinePlugin>;
} {
  const build = buildInfo(name, pkg, isHost, { dir, sharesFederationRuntime });
  const sharedExports = sharedExportsRecord(isHost ? 'host' : 'remote', path.join(dir, 'src'));
  return {
    build,
    sharedExports,
    plugin: new rspack.DefinePlugin({
      'process.env.SB_PACKAGE_VERSION': JSON.stringify(pkg.version),
      'process.env.SB_BUILD_ID': JSON.stringify(PROBE_BUILD_ID),
      // The end-to-end tests' window.__secondbyteFederation probe (web-kit/src/federation-probe.ts):
      // only a build made with SB_E2E_PROBE=1 has it; everywhere else it is compiled away.
      'process.env.SB_E2E_PROBE': JSON.stringify(E2E_PROBE ? '1' : ''),
      'process.env.SB_BUILD_INFO': JSON.stringify(JSON.stringify(build)),
      // The host checks each remote's needs against what its own shared copies keep.
      ...(isHost
        ? { 'process.env.SB_PROVIDED_SHARED_EXPORTS': JSON.stringify(JSON.stringify(sharedExports.provides)) }
        : {}),
    }),
  };
}

/**
 * Both builds resolve alike (the same modules, so server and browser render the same thing).
 * '@/' is the package's own src/ (the same alias as its tsconfig.json and vitest.config.ts): code
 * reaches another folder of its package by name, never by '../../../' (docs/architecture.md#code-layout).
 */
const resolveOptions = (dir: string, isHost: boolean): RspackOptions['resolve'] => ({
  extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
  alias: {
    '@': path.join(dir, 'src'),
    // The host's bootstrap imports only the Mantine CSS the workspace renders (mantine-css.ts).
    ...(isHost ? { 'secondbyte-mantine-styles.css': writeMantineCssEntry(dir) } : {}),
  },
});

/**
 * Our TypeScript, compiled for where it runs. Without targets SWC writes ES5: every async function
 * a generator state machine, every class and spread a helper call. That was about 70 KB of the
 * JavaScript a phone loaded on the home page (no source in the map) and more script to parse and
 * run, for browsers the site does not support anyway.
 */
const swcRule = (production: boolean, targets: string[] = SUPPORTED_BROWSERS) => ({
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  type: 'javascript/auto',
  options: {
    env: { targets },
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
    },
  },
});

/**
 * The federation runtime plugins each build is compiled with, declared here once. Only what
 * depends on where the code runs belongs here: the node loader, without which a server build
 * cannot fetch a remote's `remoteEntry.server.js`. The host's own plugins (diagnostics, the host
 * contract) are one list in host/src/lib/federation/runtime-plugins.ts, registered at start-up in
 * the browser and on the server alike. No retry plugin: docs/decisions/0037-federation-retry.md.
 */
function buildRuntimePlugins(dir: string, target: 'browser' | 'server'): string[] {
  const plugins: Record<'browser' | 'server', string[]> = {
    browser: [],
    server: [createRequire(path.join(dir, 'package.json')).resolve('@module-federation/node/runtimePlugin')],
  };
  return plugins[target];
}

/** What a remote's server entry is called, beside its browser entry in the same (release) folder. */
export const SERVER_REMOTE_ENTRY = 'remoteEntry.server.js';

/**
 * The node-target build of the same package (docs/features.md, Server rendering). A remote writes
 * it into the same folder as its browser build, under `.server.` names, so a release carries both and
 * asset URLs stay identical; the browser manifest names it as `metaData.ssrRemoteEntry`, which is the
 * field the federation runtime reads outside a browser. The host's goes to `dist-server/`: it is the
 * renderer's code, not something to serve.
 */
function serverConfig({
  rspack,
  ModuleFederationPlugin,
  dir,
  name,
  exposes,
  isHost = false,
  pkg,
}: WebConfigOptions): Configuration {
  const { plugin: defines } = buildDefines({ rspack, name, isHost, pkg, dir });
  return {
    name: `${name}-server`,
    mode: 'production',
    context: dir,
    target: 'async-node',
    entry: isHost ? { server: './src/server/index.ts' } : {},
    devtool: 'source-map',
    output: {
      path: path.join(dir, isHost ? 'dist-server' : (process.env.SB_OUT_DIR ?? 'dist')),
      // Remotes set their public path at run time (getPublicPath below); the host's assets are at /.
      publicPath: isHost ? '/' : '',
      // The packages are ES modules; the host's server code is CommonJS, named so Node knows.
      filename: isHost ? '[name].cjs' : '[name].js',
      chunkFilename: `[name].server.[contenthash:10].${isHost ? 'cjs' : 'js'}`,
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      library: { type: 'commonjs-module' },
      chunkFormat: 'commonjs',
      chunkLoading: 'async-node',
      module: false,
      clean: false,
    },
    resolve: resolveOptions(dir, isHost),
    module: {
      rules: [
        swcRule(true, ['node >= 20']),
        // CSS modules give the server their class names only; the browser build ships the CSS.
        {
          test: /\.css$/,
          type: 'css/auto',
          parser: { exportsOnly: true },
          generator: { exportsOnly: true },
        },
        // Same file names as the browser build, which is the one that writes them.
        {
          test: /\.(png|jpe?g|webp|svg|woff2?)$/,
          exclude: /\.inline\.woff2$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
        { test: /\.inline\.woff2$/, type: 'asset/inline' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes
          ? {
              filename: SERVER_REMOTE_ENTRY,
              library: { type: 'commonjs-module', name },
              exposes: { ...exposes, './BuildInfo': BUILD_INFO_MODULE },
              // Chunks and assets resolve from where the host found this remote's browser manifest
              // (releases live under /releases/<version>/); the host's renderer records that URL.
              getPublicPath: `return globalThis.__SB_REMOTE_PUBLIC_PATHS__ && globalThis.__SB_REMOTE_PUBLIC_PATHS__[${JSON.stringify(name)}] || ''`,
            }
          : {}),
        remotes: {},
        remoteType: 'script',
        manifest: { fileName: 'mf-manifest.server.json' },
        dts: false,
        shareStrategy: 'loaded-first',
        // The server has no bytes to save: shared libraries are whole there.
        shared: sharedModules({ ...pkg.dependencies, ...pkg.devDependencies }, dir, { treeShaking: false }),
        runtimePlugins: buildRuntimePlugins(dir, 'server'),
        experiments: { asyncStartup: true },
      }),
      defines,
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

function browserConfig(
  { rspack, ModuleFederationPlugin, dir, name, port, exposes, isHost = false, pkg }: WebConfigOptions,
  production: boolean,
): Configuration {
  const {
    build,
    sharedExports,
    plugin: defines,
  } = buildDefines({
    rspack,
    name,
    isHost,
    pkg,
    dir,
    sharesFederationRuntime: production,
  });
  const resolve = resolveOptions(dir, isHost);
  return {
    name,
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, process.env.SB_OUT_DIR ?? 'dist'),
      // Remotes resolve their chunks relative to wherever their manifest was loaded from.
      // Production remotes resolve chunks from wherever their manifest was loaded ('auto': releases
      // live under /releases/<version>/); the dev server's standalone page needs its own origin.
      publicPath: isHost ? '/' : production ? 'auto' : `http://localhost:${port}/`,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: name,
      // Both builds write here (remotes' server files sit beside the browser files): the package's
      // build script empties the folder first.
      clean: false,
    },
    resolve: { ...resolve, alias: { ...resolve?.alias, ...federationRuntimeAsEsm(dir) } },
    module: {
      rules: [
        swcRule(production),
        { test: /\.css$/, type: 'css/auto' },
        // Always files: an image inlined as base64 would travel inside JavaScript (and be parsed).
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, exclude: /\.inline\.woff2$/, type: 'asset/resource' },
        // Except the kilobyte fonts of an English page's Bengali glyphs, which only a stylesheet
        // names: inline there, the first layout has them without a request (bengali-glyphs.ts).
        { test: /\.inline\.woff2$/, type: 'asset/inline' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        // Every remote also exposes './BuildInfo', so the host can show what the running code says.
        ...(exposes
          ? { filename: 'remoteEntry.js', exposes: { ...exposes, './BuildInfo': BUILD_INFO_MODULE } }
          : {}),
        remotes: {},
        manifest: {
          // The release record travels in the manifest the host fetches anyway: the host checks
          // the contract before running any of the remote's code, and an operator can curl it.
          additionalData: ({ stats }) => {
            stats.metaData.buildInfo = { ...stats.metaData.buildInfo, buildVersion: build.version };
            Object.assign(stats.metaData, { secondbyte: { ...build, sharedExports } });
            if (exposes) {
              stats.metaData.ssrRemoteEntry = {
                path: '',
                name: SERVER_REMOTE_ENTRY,
                type: 'commonjs-module',
              };
            }
            return stats;
          },
        },
        dts: false,
        shareStrategy: 'loaded-first',
        // The independent build of a shaken library's full fallback has no CSS to check.
        treeShakingSharedExcludePlugins: ['MantineCssCoveragePlugin'],
        // Dev builds share whole libraries: the plugin's shared tree shaking marks exports of the
        // federation runtime's own modules unused when the build does not compute used exports
        // (development mode), and the dev page then stops at start-up with "undefined is not a function".
        shared: sharedModules({ ...pkg.dependencies, ...pkg.devDependencies }, dir, {
          treeShaking: production,
        }),
        // The browser's federation runtime without its Node code. In production the host provides
        // its runtime to the page and each remote's entry runs on it instead of carrying a second
        // copy; the host checks the runtime version in the manifest first (host-contract.ts,
        // docs/decisions/0015-federation-runtime-size.md). Server builds keep their own runtime.
        experiments: {
          optimization: { target: 'web', ...(exposes ? { disableRemote: true, disableSnapshot: true } : {}) },
          ...(production ? (exposes ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
        },
        runtimePlugins: buildRuntimePlugins(dir, 'browser'),
      }),
      // The HTML page (host, or a remote's standalone page) always sits at the site root, even when
      // the remote's chunks resolve from wherever its manifest was loaded ('auto'). A production
      // remote has no page of its own: it runs on the host's federation runtime, so only inside
      // the host (the standalone page is for `pnpm dev` in the remote's folder).
      ...(isHost || !production
        ? [new rspack.HtmlRspackPlugin({ template: './index.html', title: 'SecondByte', publicPath: '/' })]
        : []),
      ...(isHost && production ? [new MantineCssCoveragePlugin()] : []),
      ...(exposes && production ? [new SsrAssetsPlugin(exposes)] : []),
      // A .br (brotli 11) and a .gz (gzip 9) beside every text file of a production build, served
      // as they are by web-server (@fastify/static preCompressed): compressed once, at the highest
      // levels, here rather than on every request. Source maps are left alone; twins that would
      // save too little (minRatio 0.8) are skipped.
      ...(production
        ? [
            new CompressionPlugin<BrotliOptions>({
              test: PRECOMPRESSED,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
            }),
            new CompressionPlugin({
              test: PRECOMPRESSED,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              threshold: 0,
            }),
          ]
        : []),

      defines,
    ],
    optimization: {
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        // Without targets Lightning CSS lowers for old browsers: every :is() doubled into
        // :-webkit-any()/:-moz-any() copies, which more than doubled Mantine's CSS. Mantine itself
        // supports no browser older than these (mantine.dev/browser-support).
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: SUPPORTED_BROWSERS } }),
      ],
    },
    performance: { hints: false },
    // `rspack serve` turns lazy compilation on for web builds unless told otherwise; its proxy for
    // the entry's `import('./bootstrap')` is answered by a hot update that 404s, so the dev page
    // stayed blank on its first load.
    lazyCompilation: false,
    devServer: {
      port,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The host's dev server answers the same run-time files the static server does; remotes
      // answer /app-config.json too so their standalone dev page can sign in and call the API.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'runtime-config',
          middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => {
            const url = req.url?.split('?')[0];
            if (url === '/app-config.json') return sendJson(res, appConfig());
            if (isHost && url === '/remotes.json') return sendJson(res, remotesManifest());
            next();
          },
        });
        return middlewares;
      },
    },
  };
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(JSON.stringify(body));
}
