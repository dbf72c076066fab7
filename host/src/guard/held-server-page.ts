import { createContext } from 'react';

/**
 * The path whose page the root held as server HTML when the app took it
 * over (docs/architecture.md §2, "Pages as HTML"), or null. The route guard
 * shows that page while it checks the session, as the HTML already did: a
 * spinner in its place would undo the early paint, and the server sent the
 * page only to a session it had checked. Given when the host's shell is
 * rendered at build time too, so both renders match.
 */
export const HeldServerPage = createContext<string | null>(null);
