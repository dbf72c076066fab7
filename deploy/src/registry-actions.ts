// What each registry action (promote, rollback, canary, withdraw) does to the
// registry, as pure functions: given the registry and the app's published
// versions, the next registry and what changed — or a CommandError, and
// nothing changes. cli/registry.ts does the reading, locking and writing
// around them. ("Commands" are the palette's, shared/src/commands.ts.)
import {
  type AppReleases,
  CANARY_PERCENT,
  isWithdrawn,
  PREVIOUS_KEPT,
  type Registry,
  type ReleaseApp,
  WITHDRAWN_KEPT,
} from '@stride/shared/releases';
import { CommandError } from './errors';
import type { HistoryEntry } from './registry-file';

export type Change = Pick<
  HistoryEntry,
  'action' | 'app' | 'from' | 'to' | 'percent' | 'endedCanary'
>;

export interface Outcome {
  registry: Registry;
  change: Change;
}

function withApp(registry: Registry, app: ReleaseApp, releases: AppReleases): Registry {
  return { ...registry, apps: { ...registry.apps, [app]: releases } };
}

function requirePublished(app: ReleaseApp, version: string, published: readonly string[]): void {
  if (published.includes(version)) return;
  const latest = published.at(-1);
  throw new CommandError(
    `${app} has no published release ${version}` +
      (latest ? ` (the latest is ${latest})` : ` (publish one with: pnpm release ${app})`),
  );
}

/** A withdrawn version is never served again: not live, canary, or by rollback. */
function requireNotWithdrawn(registry: Registry, app: ReleaseApp, version: string): void {
  if (!isWithdrawn(registry, app, version)) return;
  throw new CommandError(
    `${app} ${version} was withdrawn (pnpm registry status shows who and why): release a fixed version`,
  );
}

function requireLive(registry: Registry, app: ReleaseApp): AppReleases {
  const current = registry.apps[app];
  if (!current) throw new CommandError(`${app} has no live version yet: promote one first`);
  return current;
}

/** The earlier live versions after `live` replaces `replaced`: newest first, bounded, no repeats. */
function history(previous: readonly string[], live: string, replaced?: string): string[] {
  const kept = replaced ? [replaced, ...previous] : [...previous];
  return kept.filter((version) => version !== live).slice(0, PREVIOUS_KEPT);
}

/** Makes a published version live; ends the canary if it was the canary. */
export function promote(
  registry: Registry,
  app: ReleaseApp,
  version: string,
  published: readonly string[],
): Outcome {
  requirePublished(app, version, published);
  requireNotWithdrawn(registry, app, version);
  const current = registry.apps[app];
  if (current?.live === version) throw new CommandError(`${version} is already live for ${app}`);
  const canary = current?.canary?.version === version ? null : (current?.canary ?? null);
  return {
    registry: withApp(registry, app, {
      live: version,
      canary,
      previous: history(current?.previous ?? [], version, current?.live),
    }),
    change: { action: 'promote', app, from: current?.live ?? null, to: version },
  };
}

/**
 * Back to the previous live version that is not withdrawn, or to `to`. The
 * version rolled back from does not become "previous": a second rollback
 * walks further back rather than returning to the release just abandoned.
 */
export function rollback(
  registry: Registry,
  app: ReleaseApp,
  to: string | undefined,
  published: readonly string[],
): Outcome {
  const current = requireLive(registry, app);
  const target = to ?? current.previous.find((version) => !isWithdrawn(registry, app, version));
  if (!target) throw new CommandError(`${app} has no earlier live version to roll back to`);
  if (target === current.live) throw new CommandError(`${target} is already live for ${app}`);
  requirePublished(app, target, published);
  requireNotWithdrawn(registry, app, target);
  return {
    registry: withApp(registry, app, {
      live: target,
      canary: current.canary?.version === target ? null : current.canary,
      previous: history(current.previous, target),
    }),
    change: { action: 'rollback', app, from: current.live, to: target },
  };
}

export function parsePercent(value: string | undefined): number {
  const percent = Number(value);
  if (
    value === undefined ||
    !/^\d+$/.test(value) ||
    percent < CANARY_PERCENT.min ||
    percent > CANARY_PERCENT.max
  ) {
    throw new CommandError(
      `--percent must be a whole number from ${CANARY_PERCENT.min} to ${CANARY_PERCENT.max}` +
        (value === undefined ? '' : `, got "${value}"`),
    );
  }
  return percent;
}

/** Sends `percent` % of browsers to a published version beside the live one. */
export function startCanary(
  registry: Registry,
  app: ReleaseApp,
  version: string,
  percent: number,
  published: readonly string[],
): Outcome {
  const current = requireLive(registry, app);
  requirePublished(app, version, published);
  requireNotWithdrawn(registry, app, version);
  if (version === current.live) {
    throw new CommandError(`${version} is already live for ${app}; a canary is another version`);
  }
  if (current.canary?.version === version && current.canary.percent === percent) {
    throw new CommandError(`${version} is already the canary of ${app} at ${percent} %`);
  }
  return {
    registry: withApp(registry, app, { ...current, canary: { version, percent } }),
    change: { action: 'canary', app, from: current.canary?.version ?? null, to: version, percent },
  };
}

export function stopCanary(registry: Registry, app: ReleaseApp): Outcome {
  const current = requireLive(registry, app);
  if (!current.canary) throw new CommandError(`${app} has no canary running`);
  return {
    registry: withApp(registry, app, { ...current, canary: null }),
    change: { action: 'canary-stop', app, from: current.canary.version, to: null },
  };
}

/**
 * The canary watcher's rollback: the canary `version` ends and every browser
 * runs the live version again. Refused if the canary changed since the
 * watcher read the figures (a person acted first).
 */
export function rollBackCanary(registry: Registry, app: ReleaseApp, version: string): Outcome {
  const current = requireLive(registry, app);
  if (current.canary?.version !== version) {
    throw new CommandError(`${version} is no longer the canary of ${app}`);
  }
  return {
    registry: withApp(registry, app, { ...current, canary: null }),
    change: { action: 'canary-rollback', app, from: version, to: null },
  };
}

/**
 * Withdraws a published version with a known defect: it leaves the earlier
 * live versions (rollback and overrides skip it), ends the canary if it was
 * the canary, and promote, canary and rollback refuse it from then on. The
 * live version is refused: which version replaces it is a person's choice
 * (rollback, or promote a fix, through the gate), not this command's.
 */
export function withdraw(
  registry: Registry,
  app: ReleaseApp,
  version: string,
  published: readonly string[],
): Outcome {
  requirePublished(app, version, published);
  const already = registry.withdrawn?.[app] ?? [];
  if (already.includes(version)) {
    throw new CommandError(`${app} ${version} is already withdrawn; nothing changed`);
  }
  const current = registry.apps[app];
  if (current?.live === version) {
    throw new CommandError(
      `${app} ${version} is live: roll back first (pnpm registry rollback ${app}) ` +
        `or promote a fixed version, then withdraw it`,
    );
  }
  if (already.length >= WITHDRAWN_KEPT) {
    throw new CommandError(
      `${app} already has ${WITHDRAWN_KEPT} withdrawn versions, the most the registry keeps`,
    );
  }
  const endedCanary = current?.canary?.version === version;
  const withdrawn = { ...registry.withdrawn, [app]: [...already, version] };
  const next: Registry = current
    ? withApp(registry, app, {
        live: current.live,
        canary: endedCanary ? null : current.canary,
        previous: current.previous.filter((earlier) => earlier !== version),
      })
    : registry;
  return {
    registry: { ...next, withdrawn },
    change: {
      action: 'withdraw',
      app,
      from: version,
      to: null,
      ...(endedCanary ? { endedCanary: true } : {}),
    },
  };
}

/** One line for people: what changed. */
export function describe(change: Change): string {
  const from = change.from ?? 'none';
  switch (change.action) {
    case 'promote':
      return `${change.app}: live ${from} → ${change.to}`;
    case 'rollback':
      return `${change.app}: rolled back, live ${from} → ${change.to}`;
    case 'canary':
      return `${change.app}: canary ${from} → ${change.to} for ${change.percent} % of browsers`;
    case 'canary-stop':
      return `${change.app}: canary ${from} stopped; every browser runs the live version`;
    case 'canary-rollback':
      return `${change.app}: canary ${from} rolled back by the watcher; every browser runs the live version`;
    case 'withdraw':
      return change.endedCanary
        ? `${change.app}: ${from} withdrawn; its canary ended, every browser runs the live version`
        : `${change.app}: ${from} withdrawn; no browser will load it`;
  }
}
