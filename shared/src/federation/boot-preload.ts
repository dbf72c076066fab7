import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { EARLY_CLICKS, SERVER_HTML } from '../server-html';
import { DEPLOYMENT_DOCUMENT_PATH } from '../topology';
import { addCompileHints } from './compile-hints';
import { minifyScript } from './minify-script';

/**
 * The host's first round trip after the HTML (docs/architecture.md §2, "First load").
 * Without help the browser learns the host's boot files one hop at a time:
 * the HTML names only the entry; the entry, once run, asks the federation
 * runtime for the shared singletons and imports the app. Each of those
 * files is known when the host is built, so the HTML names them as
 * preloads and they download beside the entry, after it (the entry is
 * what runs first). So does the deployment document, which the entry's
 * first line fetches: the preload starts it with the HTML instead of after
 * the entry has run.
 *
 * Boot files are the chunks the host's own copy of each singleton it needs
 * to draw a page lives in (its "provide" chunks: with loaded-first sharing
 * the host's copy is the one every app runs on), and those of the app behind
 * the async boundary (`import('./bootstrap')`). What loads on intent (the
 * menus' Radix, framer-motion) is not here.
 */
export const BOOT_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-hot-toast',
  'zustand',
  '@tanstack/react-query',
  '@stride/shared',
] as const;

/** The entry's async boundary, as the entry module requests it. */
const BOUNDARY = { module: './src/index.tsx', request: './bootstrap' };

type ChunkOrigin = { moduleName?: string; request?: string };
type StatsChunk = { files?: string[]; origins?: ChunkOrigin[] };

const providesBootSingleton = (origin: ChunkOrigin) =>
  BOOT_SINGLETONS.some((name) =>
    origin.moduleName?.startsWith(`provide shared module (default) ${name}@`),
  );
const isBoundary = (origin: ChunkOrigin) =>
  origin.moduleName === BOUNDARY.module && origin.request === BOUNDARY.request;

/** The files of every boot chunk, scripts and style sheets, in build order, each once. */
export function bootFiles(chunks: readonly StatsChunk[]): string[] {
  const files = new Set<string>();
  for (const chunk of chunks) {
    const origins = chunk.origins ?? [];
    if (!origins.some((origin) => providesBootSingleton(origin) || isBoundary(origin))) continue;
    for (const file of chunk.files ?? []) {
      if (/\.(js|css)$/.test(file)) files.add(file);
    }
  }
  return [...files];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** One preload of the boot: the deployment document, or a boot file under the public path. */
type BootPreload = { href: string; as: 'fetch' | 'script' | 'style' };

function bootPreloads(publicPath: string, files: readonly string[]): BootPreload[] {
  return [
    { href: DEPLOYMENT_DOCUMENT_PATH, as: 'fetch' },
    ...files.map(
      (file): BootPreload => ({
        href: `${publicPath}${file}`,
        as: file.endsWith('.css') ? 'style' : 'script',
      }),
    ),
  ];
}

// `crossorigin` on the document's: the mode of the entry's fetch() (CORS,
// same-origin credentials); a preload in another mode would be fetched twice.
const preloadTag = ({ href, as }: BootPreload) =>
  `<link rel="preload" as="${as}"${as === 'fetch' ? ' crossorigin' : ''} href="${escapeAttribute(href)}">`;

/** The entry's script tag in the built HTML: where it starts and ends. */
function entryScript(html: string): { open: number; after: number } {
  const end = '</script>';
  const at = html.indexOf(end);
  const open = html.lastIndexOf('<script', at);
  if (at < 0 || open < 0) {
    throw new Error('boot preload: the HTML has no script to put the preloads after');
  }
  return { open, after: at + end.length };
}

/** The HTML with a preload of the deployment document and of each file, after the entry's script. */
export function withPreloads(html: string, publicPath: string, files: readonly string[]): string {
  const { open, after } = entryScript(html);
  // A deferred script is fetched at low priority, behind the high-priority
  // preloads; but nothing runs until the entry has, so it goes first.
  const entry = html.slice(open, after).replace('<script', '<script fetchpriority="high"');
  const links = bootPreloads(publicPath, files).map(preloadTag).join('');
  return `${html.slice(0, open)}${entry}${links}${html.slice(after)}`;
}

/**
 * The script that boots a page sent as HTML once it has painted: the same
 * entry and preloads, started once the page has painted (or at once in a
 * hidden tab, which paints nothing). Before it, the browser
 * spends the connection on the HTML and its style sheets only.
 *
 * Until the app has taken the page over, a press of one of its buttons
 * would do nothing (links work without script), and a form's would send it
 * to the server as a page load, losing what was typed into it (Enter in a
 * field presses the form's submit button): the script holds the last
 * press, shows the wait, and hands it to the app (EARLY_CLICKS), which
 * presses it again once hydrated (host/src/app/server-html.ts). A form
 * sent without a button (Enter in its one field) is not sent: the next
 * Enter, once the app runs, is the app's.
 */
export function afterPaintBoot(entrySrc: string, preloads: readonly BootPreload[]): string {
  const boot = JSON.stringify({ entry: entrySrc, preloads });
  return `(function () {
  var boot = ${boot};
  var held = null;
  function hold(event) {
    var root = document.getElementById('root');
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || (button.type !== 'button' && button.type !== 'submit')) return;
    if (!root || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    document.documentElement.style.cursor = 'progress';
  }
  function keep(event) {
    var root = document.getElementById('root');
    if (root && root.contains(event.target)) event.preventDefault();
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', keep, true);
  window[${JSON.stringify(EARLY_CLICKS)}] = function () {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', keep, true);
    document.documentElement.style.cursor = '';
    var button = held;
    held = null;
    return button;
  };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    var entry = document.createElement('script');
    entry.src = boot.entry;
    entry.async = false;
    entry.setAttribute('fetchpriority', 'high');
    head.appendChild(entry);
    // One request per task: starting a request costs the main thread a few
    // milliseconds on a slow phone, and a dozen in one task would block it.
    var next = 0;
    function preloadNext() {
      var preload = boot.preloads[next++];
      if (!preload) return;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = preload.as;
      link.href = preload.href;
      if (preload.as === 'fetch') link.crossOrigin = 'anonymous';
      head.appendChild(link);
      setTimeout(preloadNext, 0);
    }
    preloadNext();
  }
  // After the first contentful paint, as the browser reports it: a frame
  // callback may run before a paint the browser holds back. At once in a
  // hidden tab (it paints nothing) or without the paint timing API, and
  // never later than three seconds.
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver !== 'function') {
    start();
    return;
  }
  try {
    var observer = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].name === 'first-contentful-paint') {
          observer.disconnect();
          setTimeout(start, 0);
        }
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (error) {
    start();
    return;
  }
  setTimeout(start, 3000);
})();
`;
}

/**
 * The host's document for pages sent as HTML (docs/architecture.md §2, "The
 * sign-in page as HTML"): its boot style sheets applied at once (the page is
 * already there to style), and the entry and preloads replaced by the
 * after-paint boot script at `bootSrc`.
 */
export function serverDocument(
  html: string,
  publicPath: string,
  files: readonly string[],
  bootSrc: string,
): string {
  const { open, after } = entryScript(html);
  const styles = files
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="${escapeAttribute(`${publicPath}${file}`)}">`)
    .join('');
  return `${html.slice(0, open)}${styles}<script defer src="${escapeAttribute(bootSrc)}"></script>${html.slice(after)}`;
}

/** Where in a build the after-paint boot script is, before its hash (`<this><hash>.js`). */
export const AFTER_PAINT_FILE = 'static/js/after-paint.';

/** The `src` of the entry's script tag in the built HTML. */
export function entrySrcOf(html: string): string {
  const { open, after } = entryScript(html);
  const src = /\ssrc="([^"]*)"/.exec(html.slice(open, after))?.[1];
  if (!src) throw new Error('boot preload: the entry script has no src');
  return src;
}

/** Writes the boot preloads into the built index.html (production builds only). */
export function pluginBootPreload(): RsbuildPlugin {
  return {
    name: 'stride:boot-preload',
    setup(api) {
      api.onAfterBuild(({ stats }) => {
        const one = stats && 'stats' in stats ? stats.stats[0] : stats;
        if (!one) return;
        const json: Rspack.StatsCompilation = one.toJson({
          all: false,
          chunks: true,
          chunkOrigins: true,
          publicPath: true,
        });
        const dist = api.context.distPath;
        const file = join(dist, 'index.html');
        const html = readFileSync(file, 'utf8');
        const publicPath = json.publicPath ?? '/';
        const files = bootFiles(json.chunks ?? []);
        writeFileSync(file, withPreloads(html, publicPath, files));
        // The entry and the boot files run as the app starts: compiled as they download.
        const entry = entrySrcOf(html);
        addCompileHints(dist, [
          entry.startsWith(publicPath) ? entry.slice(publicPath.length) : entry,
          ...files,
        ]);
        // Pages sent as HTML boot after their first paint (docs/architecture.md §2).
        const boot = minifyScript(
          afterPaintBoot(entrySrcOf(html), bootPreloads(publicPath, files)),
        );
        const hash = createHash('sha256').update(boot).digest('hex').slice(0, 10);
        const bootFile = `${AFTER_PAINT_FILE}${hash}.js`;
        writeFileSync(join(dist, bootFile), boot);
        mkdirSync(join(dist, SERVER_HTML.dir), { recursive: true });
        writeFileSync(
          join(dist, SERVER_HTML.dir, SERVER_HTML.document),
          serverDocument(html, publicPath, files, `${publicPath}${bootFile}`),
        );
      });
    },
  };
}
