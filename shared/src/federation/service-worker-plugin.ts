import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createRsbuild, type RsbuildPlugin } from '@rsbuild/core';
import { SERVER_HTML } from '../server-html';
import { AFTER_PAINT_FILE, entrySrcOf } from './boot-preload';

/** One file the worker precaches: its URL, and a revision when its name carries no hash. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const HASHED = /\.[0-9a-f]{8,}\.(?:js|css)$/;
/**
 * The public files a page asks for at the root of the origin, whatever the
 * host's asset prefix: any script there is one the page starts (a worker
 * from public/), except the service worker itself.
 */
const ROOT_FILES =
  /^(?:favicon\.svg|manifest\.webmanifest|(?!sw\.js$)[\w-]+\.js|icons\/[\w.-]+\.png)$/;

function filesUnder(dir: string, limit = 2000): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (found.length >= limit) return;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found;
}

const revisionOf = (path: string) =>
  createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);

/**
 * What the host's worker precaches (docs/architecture.md §11):
 * its scripts and style sheets under its asset prefix, and the root files
 * the page links (the web app manifest, its icons, the favicon) or starts
 * (a worker's script, such as the locale warm-up). Not the
 * HTML (pages are asked of the network first), nor the compressed variants
 * the server picks from (the browser asks for the file, not the variant).
 */
export function precacheEntries(distDir: string, assetPrefix: string): PrecacheEntry[] {
  const prefix = assetPrefix.endsWith('/') ? assetPrefix : `${assetPrefix}/`;
  const entries: PrecacheEntry[] = [];
  for (const file of filesUnder(distDir)) {
    if (file.startsWith('static/') && HASHED.test(file)) {
      entries.push({ url: `${prefix}${file}`, revision: null });
    } else if (file.startsWith('independent-packages/') && file.endsWith('.js')) {
      // A shared library built on its own (framer-motion's tree-shaken entry): no hash in its name.
      entries.push({ url: `${prefix}${file}`, revision: revisionOf(join(distDir, file)) });
    } else if (ROOT_FILES.test(file)) {
      entries.push({ url: `/${file}`, revision: revisionOf(join(distDir, file)) });
    }
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** The host's after-paint document, the entry it boots, and its boot script. */
export interface AfterPaintDocument {
  entry: string;
  html: string;
  /** The boot script the document names (`src`), its text and its CSP hash (`'sha256-…'`). */
  boot: { src: string; text: string; hash: string };
}

/**
 * The host's after-paint document (boot-preload.ts) and the entry of the
 * build it boots: the worker sends it with the last screen in
 * (docs/architecture.md §11), when the page the network sent is of the same
 * build, with its boot script inline so nothing is fetched before the
 * screen's paint. Null without one (a build that wrote no server HTML).
 */
export function afterPaintDocument(distDir: string): AfterPaintDocument | null {
  const document = join(distDir, SERVER_HTML.dir, SERVER_HTML.document);
  if (!existsSync(document)) return null;
  const html = readFileSync(document, 'utf8');
  const src = /<script defer src="([^"<>]*)"><\/script>/.exec(html)?.[1];
  if (!src) return null;
  const text = readFileSync(join(distDir, src.slice(src.indexOf(AFTER_PAINT_FILE))), 'utf8');
  // Inlined as it is (its hash must match): nothing in it may end its element.
  if (/<\/script/i.test(text)) return null;
  return {
    entry: entrySrcOf(readFileSync(join(distDir, 'index.html'), 'utf8')),
    html,
    boot: { src, text, hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` },
  };
}

/**
 * Builds the host's service worker (production builds only) to `sw.js` at
 * the root of its build, with the list of the build's own files written in,
 * so each host build is a new worker and the browser updates it.
 */
export function pluginServiceWorker(entry: string): RsbuildPlugin {
  return {
    name: 'stride:service-worker',
    setup(api) {
      api.onAfterBuild(async () => {
        const { rootPath, distPath } = api.context;
        const assetPrefix = api.getNormalizedConfig().output.assetPrefix;
        const prefix =
          typeof assetPrefix === 'string' && assetPrefix !== 'auto' ? assetPrefix : '/';
        const outDir = join(rootPath, 'node_modules', '.cache', 'stride-service-worker');
        const worker = await createRsbuild({
          cwd: rootPath,
          rsbuildConfig: {
            source: {
              entry: { sw: entry },
              define: {
                __STRIDE_PRECACHE__: JSON.stringify(precacheEntries(distPath, prefix)),
                __STRIDE_AFTER_PAINT_DOCUMENT__: JSON.stringify(afterPaintDocument(distPath)),
              },
            },
            output: {
              target: 'web-worker',
              cleanDistPath: true,
              distPath: { root: outDir, js: '' },
              filenameHash: false,
              sourceMap: false,
            },
            performance: { chunkSplit: { strategy: 'all-in-one' } },
          },
        });
        await worker.build();
        copyFileSync(join(outDir, 'sw.js'), join(distPath, 'sw.js'));
      });
    },
  };
}
