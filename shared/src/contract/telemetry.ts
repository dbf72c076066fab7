import { type Static, Type } from '@sinclair/typebox';
import { REMOTE_LOADS } from '../limits';
import { REMOTES, type RemoteName } from '../topology';
import { StringEnum } from './schema-helpers';

/** Where a remote load failed: its manifest, its entry script, a shared module, or its page's render. */
export const RemoteLoadPhaseSchema = StringEnum(['manifest', 'entry', 'shared', 'render'] as const);
export type RemoteLoadPhase = Static<typeof RemoteLoadPhaseSchema>;

/** One load of a remote in a browser, as the host's runtime plugin reports it: no user data. */
export const RemoteLoadSchema = Type.Object(
  {
    app: StringEnum(Object.keys(REMOTES) as RemoteName[]),
    /** The release version, or "local" for a remote the registry does not manage. */
    version: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z.+-]+$' }),
    outcome: StringEnum(['ok', 'error'] as const),
    /** The phase that failed; absent when the load succeeded. */
    phase: Type.Optional(RemoteLoadPhaseSchema),
    duration_ms: Type.Integer({ minimum: 0, maximum: 600_000 }),
  },
  { additionalProperties: false },
);
export type RemoteLoad = Static<typeof RemoteLoadSchema>;

/** The random id a browser reports under (kept in its localStorage): no user data. */
export const RemoteLoadClientSchema = Type.String({
  minLength: REMOTE_LOADS.clientIdMin,
  maxLength: REMOTE_LOADS.clientIdMax,
  pattern: '^[A-Za-z0-9_-]+$',
});

export const RemoteLoadBatchSchema = Type.Object(
  {
    /** Absent from hosts released before it: such reports count by their address alone. */
    client: Type.Optional(RemoteLoadClientSchema),
    loads: Type.Array(RemoteLoadSchema, { minItems: 1, maxItems: REMOTE_LOADS.batchMax }),
  },
  { additionalProperties: false },
);
export type RemoteLoadBatch = Static<typeof RemoteLoadBatchSchema>;

/**
 * Loads of one version of one remote over a window, for the registry and its
 * canary watcher: the browsers counted (REMOTE_LOADS) and how many of them
 * failed, and their loads, failures and 75th percentile load time.
 */
export const RemoteLoadStatsSchema = Type.Object({
  app: Type.String(),
  version: Type.String(),
  clients: Type.Integer(),
  failing_clients: Type.Integer(),
  loads: Type.Integer(),
  failures: Type.Integer(),
  failure_rate: Type.Number(),
  p75_ms: Type.Union([Type.Integer(), Type.Null()]),
});
export type RemoteLoadStats = Static<typeof RemoteLoadStatsSchema>;
