import { defineRemoteConfig } from '@stride/shared/federation';

export default defineRemoteConfig('remote_auth', import.meta.dirname);
