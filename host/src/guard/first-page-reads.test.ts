import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { apiRequest, setRuntimeConfig, useAuthStore } from '@stride/shared';
import { json, stubFetch, testUser } from '@stride/shared/testing';
import { startFirstPageReads } from './first-page-reads';

const API = 'http://localhost:8000/api';
const READS = ['/tasks/?sort=position&limit=50', '/labels/'];
const document = {
  apiBase: API,
  remotes: { remote_tasks: 'http://localhost:3000/remotes/remote_tasks/mf-manifest.json' },
  assets: {
    remote_tasks: {
      entry: 'remoteEntry.js',
      pages: { TasksPage: ['static/js/async/page.js'] },
      requests: { TasksPage: READS },
    },
  },
};
const browser = () => ({ id: 'browser', overrides: {} });
const at = (pathname: string, search = '') => ({ pathname, search });

beforeEach(() => {
  setRuntimeConfig({ apiBase: API, remotes: document.remotes });
  useAuthStore.setState({ user: null, loading: true });
});
afterEach(() => {
  useAuthStore.setState({ user: null, loading: false });
  rs.restoreAllMocks();
});

/** Counts fetches as they are made (the fake network records them later). */
const fetches = () => rs.spyOn(globalThis, 'fetch');

describe('the first page’s API reads', () => {
  it('start once the session check lets the page show', async () => {
    const { calls } = stubFetch(json({ items: [] }), json({ items: [] }));
    startFirstPageReads({ document, browser }, at('/tasks'));
    expect(calls).toHaveLength(0);
    useAuthStore.setState({ user: testUser, loading: false });
    await expect.poll(() => calls.length).toBe(READS.length);
    expect(calls.map((call) => call.url)).toEqual(READS.map((read) => `${API}${read}`));
    // The page's own reads take those answers: nothing more is asked.
    for (const read of READS) await expect(apiRequest(read)).resolves.toEqual({ items: [] });
    expect(calls).toHaveLength(READS.length);
  });

  it('do not start for a guest, or a user the guard sends to onboarding', () => {
    const fetch = fetches();
    for (const user of [null, { ...testUser, onboarding_completed: false }]) {
      startFirstPageReads({ document, browser }, at('/tasks'));
      useAuthStore.setState({ user, loading: false });
      useAuthStore.setState({ user: null, loading: true });
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('do not start for another view than the default one (a query string)', () => {
    const fetch = fetches();
    startFirstPageReads({ document, browser }, at('/tasks', '?list=today'));
    useAuthStore.setState({ user: testUser, loading: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('start nothing for a page whose release names none', () => {
    const fetch = fetches();
    startFirstPageReads({ document, browser }, at('/goals'));
    useAuthStore.setState({ user: testUser, loading: false });
    expect(fetch).not.toHaveBeenCalled();
  });
});
