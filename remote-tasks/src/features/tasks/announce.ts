import { createContext, useContext } from 'react';

/**
 * Says something to screen-reader users through the page's polite live
 * region ("Added “Milk”.", "Task saved."), without a toast.
 */
export const AnnounceContext = createContext<(message: string) => void>(() => undefined);

export const useAnnounce = () => useContext(AnnounceContext);
