/** This page's name on its writes (LIVE_SYNC.clientHeader): new on every load. */
export const TAB_ID: string = crypto.randomUUID();
