import { defineRemoteConfig } from '@stride/shared/federation';

export default defineRemoteConfig('remote_goals', import.meta.dirname);
