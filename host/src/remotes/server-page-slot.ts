import { createContext, type ReactNode } from 'react';

/**
 * Filled only when the host's shell is rendered to HTML at build time
 * (server/render.tsx): RemoteRoute then draws this in place of the remote's
 * page, and the server puts the page's own HTML there
 * (docs/architecture.md §2, "Pages as HTML").
 */
export const ServerPageSlot = createContext<ReactNode>(null);
