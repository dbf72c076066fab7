// `pnpm registry status`: what runs where, what could run, and what changed
// last — as a table for people or JSON for scripts.
import type { RemoteLoadStats } from '@stride/shared/contract';
import { RELEASE_APPS, type Registry, type ReleaseApp } from '@stride/shared/releases';
import { HOST } from '@stride/shared/topology';
import { figuresOf, formatRate, type LoadFigures } from './load-stats';
import { type HistoryEntry, readHistory } from './registry-file';
import { publishedVersions } from './store';

/** How many history entries status shows. */
export const STATUS_HISTORY = 8;

export interface AppStatus {
  app: ReleaseApp;
  live: string | null;
  canary: { version: string; percent: number } | null;
  previous: string[];
  /** Versions withdrawn for a defect, oldest first (the history says who and why). */
  withdrawn: string[];
  published: string[];
  /** How the live and canary versions loaded in browsers (remotes only; null: no loads reported). */
  loads?: { live: RemoteLoadStats | null; canary: RemoteLoadStats | null };
}

export interface StatusReport {
  store: string;
  apiBase: string;
  releaseBase: string;
  apps: AppStatus[];
  /** The window of the load figures, or why there are none. */
  loadFigures: { minutes: number } | { unavailable: string };
  history: HistoryEntry[];
}

export function statusReport(
  store: string,
  registry: Registry,
  figures: LoadFigures,
): StatusReport {
  return {
    store,
    apiBase: registry.apiBase,
    releaseBase: registry.releaseBase,
    apps: RELEASE_APPS.map((app) => {
      const entry = registry.apps[app];
      return {
        app,
        live: entry?.live ?? null,
        canary: entry?.canary ?? null,
        previous: entry?.previous ?? [],
        withdrawn: registry.withdrawn?.[app] ?? [],
        published: publishedVersions(store, app),
        ...(app === HOST.name || !figures.available
          ? {}
          : {
              loads: {
                live: figuresOf(figures, app, entry?.live),
                canary: figuresOf(figures, app, entry?.canary?.version),
              },
            }),
      };
    }),
    loadFigures: figures.available ? { minutes: figures.minutes } : { unavailable: figures.reason },
    history: readHistory(store, STATUS_HISTORY),
  };
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

/** One row per live or canary version of a remote: browsers, failing browsers, loads, failures, p75. */
function loadRows(report: StatusReport): string[] {
  if ('unavailable' in report.loadFigures) {
    return [`Loads in browsers: none to show (${report.loadFigures.unavailable}).`];
  }
  const rows: string[][] = [];
  for (const status of report.apps) {
    const channels = [
      ['live', status.live, status.loads?.live],
      ['canary', status.canary?.version, status.loads?.canary],
    ] as const;
    for (const [channel, version, figures] of channels) {
      if (!version || !status.loads) continue;
      rows.push([
        `  ${status.app}`,
        channel,
        version,
        String(figures?.clients ?? 0),
        figures?.clients
          ? `${figures.failing_clients} (${formatRate(figures.failing_clients / figures.clients)})`
          : '—',
        String(figures?.loads ?? 0),
        String(figures?.failures ?? 0),
        figures?.p75_ms == null ? '—' : `${figures.p75_ms} ms`,
      ]);
    }
  }
  const heading = `Loads in browsers, last ${report.loadFigures.minutes} min:`;
  if (rows.length === 0) return [heading, '  (no remote is live yet)'];
  return [
    heading,
    ...table([
      ['  app', 'channel', 'version', 'browsers', 'failing', 'loads', 'failures', 'p75'],
      ...rows,
    ]),
  ];
}

export function formatStatus(report: StatusReport): string {
  const apps = table([
    ['app', 'live', 'canary', 'published', 'withdrawn'],
    ...report.apps.map((status) => [
      status.app,
      status.live ?? '—',
      status.canary ? `${status.canary.version} (${status.canary.percent} %)` : '—',
      String(status.published.length),
      status.withdrawn.join(', ') || '—',
    ]),
  ]);
  const history =
    report.history.length === 0
      ? ['  (no changes yet)']
      : table(
          report.history.map((entry) => [
            `  ${entry.time.replace('T', ' ').slice(0, 19)}`,
            entry.user,
            entry.action,
            entry.app,
            `${entry.from ?? '—'} → ${entry.to ?? '—'}${entry.percent ? ` (${entry.percent} %)` : ''}`,
            entry.reason ? `“${entry.reason}”` : '',
          ]),
        );
  return [
    `Release store ${report.store}, served at ${report.releaseBase}`,
    '',
    ...apps,
    '',
    ...loadRows(report),
    '',
    'Recent changes:',
    ...history,
  ].join('\n');
}
