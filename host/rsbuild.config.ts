import { join } from 'node:path';
import { defineHostConfig } from '@stride/shared/federation';

// Runtime plugins run in this order when a remote loads: retry first, then the fallback.
const runtimePlugins = ['retry', 'fallback'].map((name) =>
  join(import.meta.dirname, 'src/runtime-plugins', `${name}.ts`),
);

export default defineHostConfig(import.meta.dirname, runtimePlugins);
