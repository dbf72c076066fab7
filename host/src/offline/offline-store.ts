import type { User } from '@stride/shared';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { OFFLINE_DATABASE, OFFLINE_STORE, SESSION_KEY } from './offline-policy';

/**
 * The page's offline store (docs/architecture.md §11, "Offline"): one
 * IndexedDB database holding the signed-in user, that user's query cache
 * and the last screen of each page (last-screen.ts), and nothing of anyone
 * else. `forgetEverything` empties it on
 * logout, logout of all devices, an expired session and a change of user.
 */
export const queriesKey = (userId: string) => `queries:${userId}`;

let store: UseStore | undefined;
const database = () => {
  store ??= createStore(OFFLINE_DATABASE, OFFLINE_STORE);
  return store;
};

export const readSaved = <T>(key: string): Promise<T | undefined> => get<T>(key, database());
export const save = (key: string, value: unknown): Promise<void> => set(key, value, database());
export const forget = (key: string): Promise<void> => del(key, database());
export const forgetEverything = (): Promise<void> => clear(database());

/** The user last signed in on this browser, for opening the app offline. */
export const readSavedUser = (): Promise<User | undefined> =>
  readSaved<{ user: User }>(SESSION_KEY).then((saved) => saved?.user);
export const saveUser = (user: User): Promise<void> => save(SESSION_KEY, { user });
