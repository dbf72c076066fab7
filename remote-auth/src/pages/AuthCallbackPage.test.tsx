import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { MESSAGES, notify, useAuthStore } from '@stride/shared';
import { json, renderApp, stubFetch } from '@stride/shared/testing';
import { cleanup, screen, waitFor } from '@testing-library/react';
import AuthCallbackPage from './AuthCallbackPage';

function renderCallback(search: string) {
  return renderApp(
    [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/onboarding', element: <p>onboarding</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/auth/error', element: <p>auth error</p> },
    ],
    // StrictMode runs the code exchange's effect twice: it must still post once.
    { at: `/auth/callback${search}`, strict: true },
  ).router;
}

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('AuthCallbackPage', () => {
  it('forwards code, state and iss once (even in strict mode), clears the URL and goes to onboarding', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const router = renderCallback('?code=abc&state=xyz&iss=http%3A%2F%2F127.0.0.1%3A9000');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(router.state.location).toMatchObject({ pathname: '/auth/callback', search: '' });
    answer(json({ user: { id: 'u1', email: 'a@example.com', onboarding_completed: false } }));
    await screen.findByText('onboarding');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      code: 'abc',
      state: 'xyz',
      iss: 'http://127.0.0.1:9000',
    });
    expect(useAuthStore.getState().user?.id).toBe('u1');
  });

  it('sends a returning user to the dashboard', async () => {
    stubFetch(json({ user: { id: 'u1', email: 'a@example.com', onboarding_completed: true } }));
    renderCallback('?code=abc&state=xyz');
    await screen.findByText('dashboard');
  });

  it('turns a provider error into "Authentication failed" and /auth/error', async () => {
    const error = rs.spyOn(notify, 'error').mockReturnValue('');
    const { calls } = stubFetch();
    const router = renderCallback('?error=access_denied');
    await screen.findByText('auth error');
    expect(router.state.location.search).toBe('?error=access_denied');
    expect(error).toHaveBeenCalledWith(MESSAGES.authFailed, expect.anything());
    expect(calls).toHaveLength(0);
  });

  it('goes to /auth/error when the API refuses the callback', async () => {
    rs.spyOn(notify, 'error').mockReturnValue('');
    stubFetch(json({ error: 'Invalid state', code: 'invalid_state' }, 400));
    const router = renderCallback('?code=abc&state=stale');
    await screen.findByText('auth error');
    expect(router.state.location.search).toBe('?error=callback_failed');
  });
});
