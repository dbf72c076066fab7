import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import {
  clearDataWhenUserChanges,
  notify,
  queryClient,
  resetAuthStore,
  useAuthStore,
} from '@stride/shared';
import { json, networkError, stubFetch, testUser } from '@stride/shared/testing';
import { onlineManager } from '@tanstack/react-query';
import { shouldForget, startOfflineSession } from './offline-session';
import { forgetEverything, queriesKey, readSaved, readSavedUser } from './offline-store';

const ada = testUser;
const bob = { ...testUser, id: 'u2', email: 'bob@example.com' };
const TASKS_KEY = ['tasks', 'list'];

let stops: (() => void)[] = [];

beforeEach(async () => {
  resetAuthStore();
  queryClient.clear();
  await forgetEverything();
  rs.spyOn(notify, 'info').mockReturnValue('');
  rs.spyOn(notify, 'warning').mockReturnValue('');
  rs.spyOn(notify, 'error').mockReturnValue('');
  stops = [clearDataWhenUserChanges()];
});

afterEach(() => {
  onlineManager.setOnline(true);
  for (const stop of stops) stop();
  rs.unstubAllGlobals();
  rs.restoreAllMocks();
  rs.useRealTimers();
});

const start = () => stops.push(startOfflineSession());

/** Signs Ada in online, puts an answer in the cache and waits until it is saved under her. */
async function adaSavedOnline() {
  stubFetch(json({ authenticated: true, user: ada }));
  start();
  await expect.poll(() => useAuthStore.getState().user?.id).toBe(ada.id);
  queryClient.setQueryData(TASKS_KEY, { tasks: ['Pack the tent'] });
  await expect
    .poll(() => readSaved(queriesKey(ada.id)), { timeout: 3_000 })
    .toMatchObject({ clientState: { queries: [{ queryKey: TASKS_KEY }] } });
  expect(await readSavedUser()).toEqual(ada);
}

describe('shouldForget', () => {
  const view = (user: typeof ada | null, interruptedAt: string | null = null) => ({
    user,
    interruptedAt,
  });
  it('forgets on logout, expiry and another user, not on a silent clear', () => {
    expect(shouldForget(view(null), view(ada))).toBe(true);
    expect(shouldForget(view(bob), view(ada))).toBe(true);
    expect(shouldForget(view(ada), view(ada))).toBe(false);
    expect(shouldForget(view(ada), view(null))).toBe(false);
    expect(shouldForget(view(null, '/tasks'), view(ada))).toBe(false);
    // The way back from a silent clear finds the session ended.
    expect(shouldForget(view(null), view(null, '/tasks'))).toBe(true);
  });
});

describe('startOfflineSession', () => {
  it('keeps the signed-in user’s answers, and opens offline as that user with them', async () => {
    await adaSavedOnline();
    for (const stop of stops.splice(1)) stop();
    resetAuthStore();
    queryClient.clear();

    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = stubFetch(networkError());
    start();
    expect(useAuthStore.getState().loading).toBe(true);
    await expect.poll(() => useAuthStore.getState().user?.id).toBe(ada.id);
    await expect
      .poll(() => queryClient.getQueryData(TASKS_KEY))
      .toEqual({ tasks: ['Pack the tent'] });
    expect(calls).toHaveLength(0);
    expect(notify.error).not.toHaveBeenCalled();
    // Shown, but never taken for fresh: asked again once a page uses it online.
    expect(queryClient.getQueryState(TASKS_KEY)?.isInvalidated).toBe(true);
    // Writes wait for the network instead of failing.
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('keeps the answers a page had before the session check named the user (a page sent as HTML)', async () => {
    queryClient.setQueryData(TASKS_KEY, { tasks: ['Asked before the check'] });
    stubFetch(json({ authenticated: true, user: ada }));
    start();
    await expect
      .poll(() => readSaved(queriesKey(ada.id)), { timeout: 3_000 })
      .toMatchObject({ clientState: { queries: [{ queryKey: TASKS_KEY }] } });
  });

  it('forgets everything on logout', async () => {
    await adaSavedOnline();
    useAuthStore.setState({ user: null });
    await expect.poll(() => readSavedUser()).toBeUndefined();
    expect(await readSaved(queriesKey(ada.id))).toBeUndefined();
  });

  it('forgets Ada’s answers when Bob signs in, and never shows them to him', async () => {
    await adaSavedOnline();
    useAuthStore.setState({ user: bob });
    expect(queryClient.getQueryData(TASKS_KEY)).toBeUndefined();
    await expect.poll(() => readSaved(queriesKey(ada.id))).toBeUndefined();
    await expect.poll(() => readSavedUser()).toEqual(bob);
  });

  it('keeps what is saved through the silent clear of a check that got no answer', async () => {
    await adaSavedOnline();
    useAuthStore.setState({ user: null, interruptedAt: '/tasks' });
    // A forget would be queued before these reads: IndexedDB runs them in order.
    expect(await readSavedUser()).toEqual(ada);
    expect(await readSaved(queriesKey(ada.id))).toBeDefined();
  });

  it('checks the session the moment the browser is back online', async () => {
    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubFetch();
    start();
    await expect.poll(() => useAuthStore.getState().loading).toBe(false);
    const { calls } = stubFetch(json({ authenticated: true, user: ada }));
    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => useAuthStore.getState().user?.id).toBe(ada.id);
    expect(calls[0]?.url).toMatch(/\/auth\/status\/$/);
  });
});
