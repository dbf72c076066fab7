import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The path whose page the root held as server HTML when the app took it
 * over (docs/architecture.md §2, "Pages as HTML"), or null. The route guard
 * shows that page while it checks the session, as the HTML already did: a
 * spinner in its place would undo the early paint, and the server sent the
 * page only to a session it had checked. Given when the host's shell is
 * rendered at build time too, so both renders match.
 */
export const HeldServerPage = createContext<string | null>(null);

/** Whether the page at this location is the signed-in page the server sent as HTML. */
export function useOnHeldServerPage(): boolean {
  return useContext(HeldServerPage) === useLocation().pathname;
}
