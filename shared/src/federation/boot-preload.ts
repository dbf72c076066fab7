import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { DEPLOYMENT_DOCUMENT_PATH } from '../topology';

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

/** The HTML with a preload of the deployment document and of each file, after the entry's script. */
export function withPreloads(html: string, publicPath: string, files: readonly string[]): string {
  // `crossorigin`: the mode of the entry's fetch() (CORS, same-origin
  // credentials); a preload in another mode would be fetched twice.
  const document = `<link rel="preload" as="fetch" crossorigin href="${DEPLOYMENT_DOCUMENT_PATH}">`;
  const links = files
    .map((file) => {
      const as = file.endsWith('.css') ? 'style' : 'script';
      return `<link rel="preload" as="${as}" href="${escapeAttribute(`${publicPath}${file}`)}">`;
    })
    .join('');
  const end = '</script>';
  const at = html.indexOf(end);
  const open = html.lastIndexOf('<script', at);
  if (at < 0 || open < 0) {
    throw new Error('boot preload: the HTML has no script to put the preloads after');
  }
  // A deferred script is fetched at low priority, behind the high-priority
  // preloads; but nothing runs until the entry has, so it goes first.
  const entry = html.slice(open, at).replace('<script', '<script fetchpriority="high"');
  const after = at + end.length;
  return `${html.slice(0, open)}${entry}${end}${document}${links}${html.slice(after)}`;
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
        const file = join(api.context.distPath, 'index.html');
        const html = readFileSync(file, 'utf8');
        writeFileSync(
          file,
          withPreloads(html, json.publicPath ?? '/', bootFiles(json.chunks ?? [])),
        );
      });
    },
  };
}
