// The release gate (docs/architecture.md §9): before `promote` or `canary` puts a
// release in front of users, compare its compatibility record with the
// releases it will run beside — the live and canary versions of every other
// app — and name every way they would break each other at run time.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_APPS, type Registry, type ReleaseApp } from '@stride/shared/releases';
import { HOST } from '@stride/shared/topology';
import { type ReleaseInfo, SHARED_MODULE } from './release-record';
import { releasePath, STORE_FILES } from './store';

/**
 * Packages whose React contexts the host fills (its root, its router, its
 * query client, its stores). A remote that shares one expects the host's
 * copy; beside a host that does not share it, the remote would load its own,
 * and read contexts nothing fills. react-router is here though no longer
 * shared (remotes take it through @stride/shared since): remotes released
 * before that still share it, and a host that dropped it must wait for them.
 * Others (react-hook-form: each form its own context) may be a remote's own.
 */
const HOST_CONTEXTS: readonly string[] = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  SHARED_MODULE,
];

/** The part of release.json the gate reads. */
export type CompatRecord = Pick<
  ReleaseInfo,
  'app' | 'version' | 'exposes' | 'singletons' | 'shared_needs' | 'shared_provides' | 'routes'
>;

export interface Neighbour {
  channel: 'live' | 'canary';
  record: CompatRecord;
}

/**
 * Each kind of finding has a stable code, as the federation runtime's errors
 * do (RUNTIME-008): scripts and tests match the code, people read the
 * sentence, and the sentence may change. The table is in
 * docs/architecture.md §9.
 */
export const GATE_CODES = {
  /** The host's release has no record of the @stride/shared exports it provides. */
  hostExportsUnrecorded: 'GATE-001',
  /** The remote's release has no record of the @stride/shared exports it uses. */
  remoteNeedsUnrecorded: 'GATE-002',
  /** The remote uses @stride/shared exports the host does not provide. */
  sharedExportMissing: 'GATE-003',
  /** The remote shares a package whose context the host fills, which the host does not share. */
  secondContextCopy: 'GATE-004',
  /** Host and remote were built with different major versions of a singleton. */
  singletonMajorDiffers: 'GATE-005',
  /** The host's release has no record of the pages its routes load. */
  hostRoutesUnrecorded: 'GATE-006',
  /** The host's routes load a page the remote does not expose. */
  routePageMissing: 'GATE-007',
  /** No live host in the registry to check a remote against. */
  noLiveHost: 'GATE-008',
  /** Warning: the remote was built with a newer singleton than the host's, on which it will run. */
  singletonNewerInRemote: 'GATE-W01',
} as const;

export type GateCode = (typeof GATE_CODES)[keyof typeof GATE_CODES];

export interface GateFinding {
  code: GateCode;
  message: string;
}

export interface GateReport {
  /** Each one refuses the change (unless forced). */
  problems: GateFinding[];
  /** Worth saying, not worth refusing. */
  warnings: GateFinding[];
}

/** A finding as printed and kept in the history: `GATE-003 <sentence>`. */
export const describeFinding = ({ code, message }: GateFinding) => `${code} ${message}`;

const label = (record: CompatRecord) => `${record.app} ${record.version}`;
const beside = ({ channel, record }: Neighbour) => `the ${channel} ${label(record)}`;

/** The line of a version that may change its API: the major, or 0.minor before 1.0 (semver's caret). */
function breakingLine(version: string): string {
  const [major = '', minor = ''] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/** npm package versions (x.y.z), not release versions (those are @stride/shared/releases'). */
function comparePackageVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** One host and one remote, whichever of the two is the candidate. */
function checkPair(host: CompatRecord, remote: CompatRecord, other: string, report: GateReport) {
  const [hostName, remoteName] = [label(host), label(remote)];

  if (!host.shared_provides) {
    report.problems.push({
      code: GATE_CODES.hostExportsUnrecorded,
      message: `${hostName} has no record of the ${SHARED_MODULE} exports it provides (released before the gate): release the host again`,
    });
  } else if (!remote.shared_needs) {
    report.problems.push({
      code: GATE_CODES.remoteNeedsUnrecorded,
      message: `${remoteName} has no record of the ${SHARED_MODULE} exports it uses (released before the gate): release it again`,
    });
  } else {
    const provided = new Set(host.shared_provides);
    const missing = remote.shared_needs.filter((name) => !provided.has(name));
    if (missing.length > 0) {
      report.problems.push({
        code: GATE_CODES.sharedExportMissing,
        message: `${remoteName} uses ${SHARED_MODULE} exports that ${hostName} does not provide: ${missing.join(', ')} (${other})`,
      });
    }
  }

  for (const name of Object.keys(remote.singletons)) {
    if (HOST_CONTEXTS.includes(name) && !(name in host.singletons)) {
      report.problems.push({
        code: GATE_CODES.secondContextCopy,
        message: `${remoteName} shares ${name}, which ${hostName} does not: it would run a second copy of it (${other})`,
      });
    }
  }

  for (const [name, hostVersion] of Object.entries(host.singletons)) {
    const remoteVersion = remote.singletons[name];
    if (remoteVersion === undefined || name === SHARED_MODULE) continue;
    if (breakingLine(remoteVersion) !== breakingLine(hostVersion)) {
      report.problems.push({
        code: GATE_CODES.singletonMajorDiffers,
        message: `${name} ${remoteVersion} in ${remoteName} and ${hostVersion} in ${hostName} are different major versions of a singleton (${other})`,
      });
    } else if (comparePackageVersions(remoteVersion, hostVersion) > 0) {
      report.warnings.push({
        code: GATE_CODES.singletonNewerInRemote,
        message: `${remoteName} was built with ${name} ${remoteVersion}, newer than ${hostName}'s ${hostVersion}: it will run on the host's copy`,
      });
    }
  }

  const loaded = host.routes?.[remote.app];
  if (host.routes === undefined) {
    report.problems.push({
      code: GATE_CODES.hostRoutesUnrecorded,
      message: `${hostName} has no record of the pages its routes load (released before the gate): release the host again`,
    });
  } else {
    const exposed = new Set(remote.exposes);
    const gone = (loaded ?? []).filter((module) => !exposed.has(module));
    if (gone.length > 0) {
      report.problems.push({
        code: GATE_CODES.routePageMissing,
        message: `${hostName}'s routes load ${gone.join(', ')} from ${remote.app}, which ${remoteName} does not expose (${other})`,
      });
    }
  }
}

/** Every problem and warning of running `candidate` beside `neighbours`. */
export function checkRelease(candidate: CompatRecord, neighbours: Neighbour[]): GateReport {
  const report: GateReport = { problems: [], warnings: [] };
  const hosts = neighbours.filter((n) => n.record.app === HOST.name);
  if (candidate.app === HOST.name) {
    for (const neighbour of neighbours) {
      checkPair(candidate, neighbour.record, `beside ${beside(neighbour)}`, report);
    }
  } else if (hosts.length === 0) {
    report.problems.push({
      code: GATE_CODES.noLiveHost,
      message: `the registry has no live host, so nothing says which ${SHARED_MODULE} exports the page will provide: release and promote the host first`,
    });
  } else {
    for (const host of hosts) checkPair(host.record, candidate, `with ${beside(host)}`, report);
  }
  return report;
}

export function readRecord(store: string, app: ReleaseApp, version: string): CompatRecord {
  const file = join(releasePath(store, app, version), STORE_FILES.releaseInfo);
  if (!existsSync(file)) throw new Error(`${app} ${version} has no ${STORE_FILES.releaseInfo}`);
  return JSON.parse(readFileSync(file, 'utf8')) as CompatRecord;
}

/**
 * What `app` would run beside: every other app's live version, and its
 * canary, as the registry stands. Remotes the registry does not manage are
 * not here: they run from a local build, outside any release.
 */
export function neighboursOf(
  registry: Registry,
  app: ReleaseApp,
  read: (app: ReleaseApp, version: string) => CompatRecord,
): Neighbour[] {
  return RELEASE_APPS.filter((other) => other !== app).flatMap((other) => {
    const entry = registry.apps[other];
    if (!entry) return [];
    const live: Neighbour = { channel: 'live', record: read(other, entry.live) };
    return entry.canary
      ? [live, { channel: 'canary', record: read(other, entry.canary.version) }]
      : [live];
  });
}
