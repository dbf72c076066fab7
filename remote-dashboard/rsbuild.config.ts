import { defineRemoteConfig } from '@stride/shared/federation';

// serverHtml: the page is also sent as HTML (src/server/render.tsx).
export default defineRemoteConfig('remote_dashboard', import.meta.dirname, { serverHtml: true });
