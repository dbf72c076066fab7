/**
 * The API contract (docs/architecture.md §4), declared once with TypeBox. The API reads
 * the schemas to validate requests, type its handlers and write the OpenAPI
 * document; the front end imports the types only (`import type`), so none of
 * this reaches a browser bundle. Change a schema here and `pnpm typecheck`
 * shows every place on both sides that no longer follows it.
 */
export * from './calendar-feed';
export * from './dashboard';
export * from './errors';
export * from './goals';
export * from './health';
export * from './labels';
export * from './reminders';
export * from './schema-helpers';
export * from './tasks';
export * from './telemetry';
export * from './transfer';
export * from './user';
export * from './views';
