import { defineRemoteConfig } from '@stride/shared/federation';

// serverHtml: the sign-in pages are also sent as HTML (src/server/render.tsx).
export default defineRemoteConfig('remote_auth', import.meta.dirname, { serverHtml: true });
