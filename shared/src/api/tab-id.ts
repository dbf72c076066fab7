/**
 * This page's name on its writes (LIVE_SYNC.clientHeader): new on every
 * load. The API client sends it; live sync skips the changes it names, as
 * this page made them. In api/, below sync/, so the two folders import one way.
 */
export const TAB_ID: string = crypto.randomUUID();
