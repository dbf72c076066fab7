import type { User } from '@stride/shared';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The page's offline store (docs/architecture.md §11, "Offline"): one
 * IndexedDB database holding the signed-in user and that user's query
 * cache, and nothing of anyone else. `forgetEverything` empties it on
 * logout, logout of all devices, an expired session and a change of user.
 */
const DATABASE = 'stride-offline';
const STORE = 'data';

const SESSION_KEY = 'session';
export const queriesKey = (userId: string) => `queries:${userId}`;

let store: UseStore | undefined;
const database = () => {
  store ??= createStore(DATABASE, STORE);
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
