import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { MESSAGES } from '../messages';
import { hanging, json, networkError, stubFetch } from '../test-utils';
import { testUser } from '../test-utils/fixtures';
import { type NotifyOptions, notify } from '../ui/toasts/notify';
import { resetAuthStore, useAuthStore } from './auth-store';

const user = testUser;

const store = () => useAuthStore.getState();
let toasts: { kind: string; message: string }[];

beforeEach(() => {
  resetAuthStore();
  toasts = [];
  for (const kind of ['success', 'error', 'warning', 'info'] as const) {
    const record = (message: string, _options?: NotifyOptions) => {
      toasts.push({ kind, message });
      return '';
    };
    rs.spyOn(notify, kind).mockImplementation(record);
  }
});

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
  rs.restoreAllMocks();
});

describe('initialize (auth status at start)', () => {
  it('loads the signed-in user', async () => {
    stubFetch(json({ authenticated: true, user }));
    const pending = store().initialize();
    expect(store().loading).toBe(true);
    await pending;
    expect(store()).toMatchObject({ user, loading: false, error: null });
  });

  it('treats authenticated=false as signed out, without a toast', async () => {
    stubFetch(json({ authenticated: false, user: null }));
    await store().initialize();
    expect(store().user).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('keeps the server error text, toasts the spec message and clears the user', async () => {
    useAuthStore.setState({ user });
    stubFetch(json({ error: 'Database unavailable', code: 'db_down' }, 503));
    await store().initialize();
    expect(store()).toMatchObject({ user: null, loading: false, error: 'Database unavailable' });
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.authInitFailed }]);
  });

  it('falls back to the spec error text when the response has none', async () => {
    stubFetch(networkError());
    await store().initialize();
    expect(store().error).toBe(MESSAGES.authInitFailed);
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.authInitFailed }]);
  });
});

describe('restoreSession', () => {
  it('returns the user and shares one request with a concurrent start-up', async () => {
    const { calls } = stubFetch(json({ authenticated: true, user }));
    const [restored] = await Promise.all([store().restoreSession(), store().initialize()]);
    expect(restored).toEqual(user);
    expect(calls).toHaveLength(1);
  });

  it('throws when the status cannot be read, leaving no user and no toast', async () => {
    stubFetch(networkError());
    await expect(store().restoreSession()).rejects.toMatchObject({ kind: 'network' });
    expect(store()).toMatchObject({ user: null, loading: false });
    expect(toasts).toEqual([]);
  });
});

describe('checkSession (every 30 s)', () => {
  it('keeps a valid session quietly', async () => {
    useAuthStore.setState({ user });
    stubFetch(json({ authenticated: true, user }));
    await store().checkSession();
    expect(store().user).toEqual(user);
    expect(toasts).toEqual([]);
  });

  it('signs out with the expiry warning when the server says not authenticated', async () => {
    useAuthStore.setState({ user });
    stubFetch(json({ authenticated: false, user: null }));
    await store().checkSession();
    expect(store().user).toBeNull();
    expect(toasts).toEqual([{ kind: 'warning', message: MESSAGES.sessionExpired }]);
  });

  it('clears the state silently when the check fails', async () => {
    useAuthStore.setState({ user });
    stubFetch(networkError());
    await store().checkSession();
    expect(store().user).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('does nothing while signed out', async () => {
    const { calls } = stubFetch();
    await store().checkSession();
    expect(calls).toHaveLength(0);
  });

  it('asks nothing and keeps the user while the browser is offline', async () => {
    useAuthStore.setState({ user });
    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = stubFetch(networkError());
    await store().checkSession();
    await expect(store().recoverSession()).resolves.toBe('restored');
    useAuthStore.setState({ user: null });
    await expect(store().recoverSession()).resolves.toBe('unreachable');
    expect(calls).toHaveLength(0);
    expect(store().user).toBeNull();
    expect(toasts).toEqual([]);
  });
});

describe('initiateOAuth', () => {
  it('returns the authorization URL and posts the redirect URI', async () => {
    const { calls } = stubFetch(json({ authorization_url: 'https://idp.example/auth?x=1' }));
    await expect(
      store().initiateOAuth('google', 'http://localhost:3000/auth/callback'),
    ).resolves.toBe('https://idp.example/auth?x=1');
    expect(calls[0]?.url).toMatch(/\/auth\/oauth\/google\/initiate\/$/);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      redirect_uri: 'http://localhost:3000/auth/callback',
    });
  });

  it('times out after 5000 ms with the timeout toast', async () => {
    rs.useFakeTimers();
    stubFetch(hanging());
    const pending = store().initiateOAuth('apple');
    await rs.advanceTimersByTimeAsync(4999);
    expect(toasts).toEqual([]);
    await rs.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.signInTimeout }]);
  });

  it('says the server cannot be reached on a network error', async () => {
    stubFetch(networkError());
    await expect(store().initiateOAuth('google')).resolves.toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.networkError }]);
  });

  it.each([
    ['google', MESSAGES.googleInitiateFailed],
    ['apple', MESSAGES.appleInitiateFailed],
  ] as const)('names the provider on any other failure (%s)', async (provider, message) => {
    stubFetch(json({ error: 'nope' }, 500));
    await expect(store().initiateOAuth(provider)).resolves.toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message }]);
  });
});

describe('completeGoogleCallback', () => {
  it('signs the user in with every parameter forwarded', async () => {
    const { calls } = stubFetch(json({ user }));
    await expect(
      store().completeGoogleCallback({ code: 'c', state: 's', iss: 'http://idp' }),
    ).resolves.toEqual(user);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      code: 'c',
      state: 's',
      iss: 'http://idp',
    });
    expect(store().user).toEqual(user);
  });

  it('toasts "Authentication failed" and returns null on failure', async () => {
    stubFetch(json({ error: 'bad state', code: 'invalid_state' }, 400));
    await expect(store().completeGoogleCallback({ code: 'c', state: 's' })).resolves.toBeNull();
    expect(store().user).toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.authFailed }]);
  });
});

describe('updateProfile', () => {
  it('stores the updated user and confirms', async () => {
    useAuthStore.setState({ user });
    const updated = { ...user, first_name: 'Augusta' };
    const { calls } = stubFetch(json({ user: updated }));
    await expect(store().updateProfile({ first_name: 'Augusta' })).resolves.toEqual(updated);
    expect(calls[0]?.method).toBe('PUT');
    expect(store().user).toEqual(updated);
    expect(toasts).toEqual([{ kind: 'success', message: MESSAGES.profileUpdated }]);
  });

  it('keeps the user, toasts the failure and rethrows for the form', async () => {
    useAuthStore.setState({ user });
    stubFetch(json({ error: 'Invalid', fields: { username: 'Too short' } }, 400));
    await expect(store().updateProfile({ username: 'a' })).rejects.toMatchObject({ status: 400 });
    expect(store().user).toEqual(user);
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.profileUpdateFailed }]);
  });
});

describe.each([
  ['logout', MESSAGES.loggedOut, /\/auth\/logout\/$/],
  ['logoutAll', MESSAGES.loggedOutAll, /\/auth\/logout-all\/$/],
] as const)('%s', (action, successMessage, path) => {
  it('ends the session and confirms', async () => {
    useAuthStore.setState({ user });
    const { calls } = stubFetch(json({ ok: true }));
    await store()[action]();
    expect(calls[0]?.url).toMatch(path);
    expect(store().user).toBeNull();
    expect(toasts).toEqual([{ kind: 'success', message: successMessage }]);
  });

  it('clears local state even when the back end fails, with a warning', async () => {
    useAuthStore.setState({ user });
    stubFetch(networkError());
    await store()[action]();
    expect(store().user).toBeNull();
    expect(toasts).toEqual([{ kind: 'warning', message: MESSAGES.backendLogoutFailed }]);
  });
});
