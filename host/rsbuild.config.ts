import { join } from 'node:path';
import { defineHostConfig } from '@stride/shared/federation';

// Runtime plugins run in this order when a remote loads: telemetry watches
// first, then retry, then the fallback.
const runtimePlugins = ['telemetry', 'retry', 'fallback'].map((name) =>
  join(import.meta.dirname, 'src/runtime-plugins', `${name}.ts`),
);

export default defineHostConfig(import.meta.dirname, runtimePlugins);
