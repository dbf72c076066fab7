import { defineRemoteConfig } from '@stride/shared/federation';

export default defineRemoteConfig('remote_tasks', import.meta.dirname);
