import { defineRemoteConfig } from '@stride/shared/federation';

export default defineRemoteConfig('remote_dashboard', import.meta.dirname);
