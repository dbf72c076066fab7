import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useAuthStore } from '@stride/shared';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { renderAt, testUser } from '../test/render';
import { GuestOnly } from './GuestOnly';
import { HeldServerPage } from './held-server-page';
import { RequireAuth } from './RequireAuth';

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

const routes = [
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <p>dashboard page</p>
      </RequireAuth>
    ),
  },
  {
    path: '/onboarding',
    element: (
      <RequireAuth skipOnboardingCheck>
        <p>onboarding page</p>
      </RequireAuth>
    ),
  },
  {
    path: '/login',
    element: (
      <GuestOnly>
        <p>login page</p>
      </GuestOnly>
    ),
  },
];

describe('RequireAuth', () => {
  it('restores the session first, then shows the page', async () => {
    const { calls } = stubFetch(json({ authenticated: true, user: testUser }));
    renderAt('/dashboard', routes);
    await screen.findByText('dashboard page');
    expect(calls[0]?.url).toMatch(/\/auth\/status\/$/);
  });

  it('logs a failed restore and sends the visitor to /login', async () => {
    stubFetch(networkError());
    const log = rs.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderAt('/dashboard', routes);
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('Session restore failed'),
      expect.anything(),
    );
  });

  it('sends an unauthenticated visitor to /login', async () => {
    stubFetch(json({ authenticated: false, user: null }));
    renderAt('/dashboard', routes);
    await screen.findByText('login page');
  });

  it('sends a user with onboarding to finish to /onboarding', async () => {
    stubFetch();
    renderAt('/dashboard', routes, { user: { ...testUser, onboarding_completed: false } });
    await screen.findByText('onboarding page');
  });

  it('waits with an announced spinner while auth loads', () => {
    stubFetch();
    renderAt('/dashboard', routes, { loading: true });
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
  });

  it('shows the page the server sent as HTML while auth loads, then redirects if it must', async () => {
    stubFetch(json({ authenticated: false, user: null }));
    const held = (path: string) =>
      routes.map((route) => ({
        ...route,
        element: <HeldServerPage.Provider value={path}>{route.element}</HeldServerPage.Provider>,
      }));
    const { router } = renderAt('/dashboard', held('/dashboard'), { loading: true });
    screen.getByText('dashboard page');
    expect(screen.queryByRole('status')).toBeNull();
    // The answer: no session. The page goes; /login comes.
    act(() => useAuthStore.setState({ loading: false, user: null }));
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    cleanup();
    // Another path's HTML holds nothing for this one.
    renderAt('/dashboard', held('/goals'), { loading: true });
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in user from /login to /dashboard', async () => {
    stubFetch();
    renderAt('/login', routes, { user: testUser });
    await waitFor(() => screen.getByText('dashboard page'));
  });

  it('shows /login to a guest', () => {
    stubFetch();
    renderAt('/login', routes);
    screen.getByText('login page');
  });
});
