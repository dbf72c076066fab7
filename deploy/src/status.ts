// `pnpm registry status`: what runs where, what could run, and what changed
// last — as a table for people or JSON for scripts.
import { RELEASE_APPS, type Registry, type ReleaseApp } from '@stride/shared/releases';
import { type HistoryEntry, readHistory } from './registry-file';
import { publishedVersions } from './store';

/** How many history entries status shows. */
export const STATUS_HISTORY = 8;

export interface AppStatus {
  app: ReleaseApp;
  live: string | null;
  canary: { version: string; percent: number } | null;
  previous: string[];
  published: string[];
}

export interface StatusReport {
  store: string;
  apiBase: string;
  releaseBase: string;
  apps: AppStatus[];
  history: HistoryEntry[];
}

export function statusReport(store: string, registry: Registry): StatusReport {
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
        published: publishedVersions(store, app),
      };
    }),
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

export function formatStatus(report: StatusReport): string {
  const apps = table([
    ['app', 'live', 'canary', 'published'],
    ...report.apps.map((status) => [
      status.app,
      status.live ?? '—',
      status.canary ? `${status.canary.version} (${status.canary.percent} %)` : '—',
      String(status.published.length),
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
    'Recent changes:',
    ...history,
  ].join('\n');
}
