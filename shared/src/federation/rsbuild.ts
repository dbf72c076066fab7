import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { FIRST_REQUESTS_FILE } from '../releases/page-assets';
import { HOST, hostPort, REMOTES, type RemoteName, remotePort } from '../topology';
import { pluginBootPreload } from './boot-preload';
import { pluginRemoteCompileHints } from './compile-hints';
import { pluginMinifyPublicScripts } from './minify-script';
import { pluginPrecompress } from './precompress-plugin';
import { pluginServerHtml } from './server-html-plugin';
import { pluginServiceWorker } from './service-worker-plugin';
import { sharedFor } from './shared-deps';

/**
 * Rsbuild configs for the host and the remotes, built from one place so the
 * federation rules of docs/architecture.md §2 hold everywhere: loaded-first sharing, the
 * same singletons, `assetPrefix: 'auto'` in remotes, one federation runtime
 * (provided by the host, used by the remotes), no build-time remote types.
 */
const env = process.env;
const isBuild = env.NODE_ENV === 'production';

/**
 * What `pnpm release` sets for a release build (deploy/src/release.ts): where
 * the build goes (a staging folder, so the app's own dist/ and a running
 * deployment are untouched), the host's asset prefix (its release folder,
 * `/host/<version>/`, so the chunks of every host version stay reachable),
 * and the version, which the page shows in its About panel.
 */
const release = {
  distDir: env.STRIDE_DIST_DIR,
  hostAssetPrefix: env.STRIDE_ASSET_PREFIX,
  version: env.STRIDE_RELEASE_VERSION ?? '',
};

const define = { __STRIDE_RELEASE_VERSION__: JSON.stringify(release.version) };

/** An app's server HTML entry (docs/architecture.md §2): each app that has one keeps it here. */
const SERVER_ENTRY = './src/server/render.tsx';
/** A remote's pages' first API reads (shared/src/releases/page-assets.ts). */
const FIRST_REQUESTS_SOURCE = `src/pages/${FIRST_REQUESTS_FILE}`;
/** The host's service worker (docs/architecture.md §11), built to /sw.js. */
const SERVICE_WORKER_ENTRY = './src/offline/worker/sw.ts';

/**
 * The browsers Stride is built for: those released since spring 2023
 * (Safari 16.4, Chrome and Edge 111, Firefox 114). Rsbuild's default
 * reaches back to Safari 16, for which SWC rewrites every default
 * parameter (a bug of Safari before 16.3): bytes every phone downloads.
 */
export const SUPPORTED_BROWSERS = [
  'chrome >= 111',
  'edge >= 111',
  'firefox >= 114',
  'safari >= 16.4',
] as const;

function baseConfig(title: string, port: number): RsbuildConfig {
  return {
    // A production build writes each text file's .br and .gz beside it (precompressed.ts).
    plugins: [pluginReact(), ...(isBuild ? [pluginPrecompress()] : [])],
    html: {
      title,
      template: join(import.meta.dirname, 'index.html'),
      favicon: join(import.meta.dirname, 'favicon.svg'),
    },
    // Dev servers are fetched cross-origin by the host's dev server (another localhost port).
    server: { port, strictPort: true, cors: { origin: /^http:\/\/(localhost|127\.0\.0\.1):\d+$/ } },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    source: {
      entry: { index: './src/index.tsx' },
      define,
    },
    // Every app is built for the same browsers (docs/decisions.md, "The browsers Stride supports").
    output: {
      overrideBrowserslist: [...SUPPORTED_BROWSERS],
      ...(release.distDir ? { distPath: { root: release.distDir } } : {}),
    },
  };
}

/** `serverHtml`: the remote renders pages to HTML when built (its SERVER_ENTRY). */
export function defineRemoteConfig(
  name: RemoteName,
  appDir: string,
  { serverHtml = false }: { serverHtml?: boolean } = {},
): RsbuildConfig {
  const remote = REMOTES[name];
  const base = baseConfig(`Stride · ${remote.dir}`, remotePort(name, env));
  return defineConfig({
    ...base,
    output: {
      ...base.output,
      assetPrefix: 'auto',
      // The pages' first API reads, for `pnpm release` (docs/architecture.md §2, "First load").
      ...(existsSync(join(appDir, FIRST_REQUESTS_SOURCE))
        ? { copy: [{ from: FIRST_REQUESTS_SOURCE, to: FIRST_REQUESTS_FILE }] }
        : {}),
    },
    // The standalone page is a dev-server tool; a deployed remote serves only its manifest and chunks.
    tools: isBuild ? { htmlPlugin: false } : {},
    plugins: [
      ...(base.plugins ?? []),
      pluginModuleFederation({
        name,
        filename: 'remoteEntry.js',
        exposes: {
          ...Object.fromEntries(
            remote.exposes.map((page) => [`./${page}`, `./src/pages/${page}.tsx`]),
          ),
          ...(remote.commands ? { './commands': './src/commands.ts' } : {}),
        },
        shared: sharedFor(appDir),
        shareStrategy: 'loaded-first',
        dts: false,
        // In the composed app the host provides the federation runtime; the
        // standalone dev page (rsbuild dev) brings its own. What the remote
        // entry still carries is cut to the browser's part, and without the
        // snapshot code that only a consumer of remotes (the host) runs.
        experiments: isBuild
          ? { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } }
          : {},
      }),
      ...(isBuild ? [pluginRemoteCompileHints()] : []),
      ...(isBuild && serverHtml ? [pluginServerHtml(SERVER_ENTRY, define)] : []),
    ],
  });
}

/**
 * The host's page names its web app manifest (host/public/manifest.webmanifest),
 * its home-screen icon, and the bar colour of each colour scheme.
 */
const HOST_HEAD_TAGS = [
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' } },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' } },
  {
    tag: 'meta',
    attrs: { name: 'theme-color', media: '(prefers-color-scheme: light)', content: '#f7f7f8' },
  },
  {
    tag: 'meta',
    attrs: { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: '#0f0f13' },
  },
];

export function defineHostConfig(appDir: string, runtimePlugins: string[]): RsbuildConfig {
  const base = baseConfig('Stride', hostPort(env));
  return defineConfig({
    ...base,
    html: { ...base.html, tags: HOST_HEAD_TAGS },
    output: {
      ...base.output,
      ...(release.hostAssetPrefix ? { assetPrefix: release.hostAssetPrefix } : {}),
    },
    plugins: [
      ...(base.plugins ?? []),
      pluginModuleFederation({
        name: HOST.name,
        remotes: {},
        shared: sharedFor(appDir),
        shareStrategy: 'loaded-first',
        runtimePlugins,
        dts: false,
        // `target: 'web'` leaves the runtime's Node code out of the entry the browser parses first.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      ...(isBuild
        ? [
            pluginMinifyPublicScripts(),
            pluginBootPreload(),
            pluginServerHtml(SERVER_ENTRY, define),
            pluginServiceWorker(SERVICE_WORKER_ENTRY),
          ]
        : []),
    ],
  });
}
