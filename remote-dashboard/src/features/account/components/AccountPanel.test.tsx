import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { useAuthStore } from '@stride/shared';
import { fakeApi, json, renderApp, testUser } from '@stride/shared/testing';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AccountPanel } from './AccountPanel';

const user = { ...testUser, timezone: 'Europe/London' };
const renderPanel = (at = '/dashboard') =>
  renderApp([{ path: '/dashboard', element: <AccountPanel /> }], { at, user });

/** The API as the panel's deferred parts ask it: the calendar feed's state. */
const api = () => fakeApi({ 'GET /calendar-feed/': json({ enabled: false, created_at: null }) });

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('AccountPanel', () => {
  it('draws its whole layout at once: the profile outline with the user’s values, the data section and its export', () => {
    api();
    const { container } = renderPanel();
    // Read before any deferred module has had a chance to arrive.
    const outline = container.querySelector('.profile-form--pending');
    expect(outline?.textContent).toContain('First name');
    expect(outline?.textContent).toContain('Ada');
    expect(outline?.textContent).toContain('Time zone');
    expect(outline?.textContent).toContain('Europe/London');
    screen.getByRole('heading', { name: 'Your data' });
    screen.getByRole('button', { name: 'Export JSON' });
    screen.getByRole('button', { name: 'Log out of all devices' });
    // The calendar feed's words are there before its switch.
    screen.getByRole('heading', { name: 'Calendar feed' });
    expect(container.querySelector('.calendar-feed--pending')).not.toBeNull();
  });

  // Before any test that loads the deferred parts: they are loaded once per page.
  it('leaves its deferred parts alone until the panel comes on screen, even one drawn once the user is known', async () => {
    api();
    const watched: Element[] = [];
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    rs.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          watched.push(element);
        }
        disconnect() {}
      },
    );
    // The page shows while the session is checked (a page sent as HTML): no user, no panel yet.
    const { container } = renderApp([{ path: '/dashboard', element: <AccountPanel /> }], {
      at: '/dashboard',
      user: null,
    });
    expect(watched).toEqual([]);
    act(() => useAuthStore.setState({ user }));
    expect(watched).toEqual([screen.getByRole('region', { name: 'Account' })]);
    report([{ isIntersecting: false }]);
    // Still the outline a task later: nothing was asked for while the panel is off screen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.profile-form--pending')).not.toBeNull();
    report([{ isIntersecting: true }]);
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    await screen.findByRole('button', { name: 'Turn on calendar feed' });
  });

  it('puts the real form in the outline’s place when it arrives (at a hover, here)', async () => {
    api();
    const { container } = renderPanel();
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Account' }));
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    expect(container.querySelector('.profile-form--pending')).toBeNull();
    // The calendar feed's switch arrives with it, in the outline's place.
    await screen.findByRole('button', { name: 'Turn on calendar feed' });
    expect(container.querySelector('.calendar-feed--pending')).toBeNull();
  });

  it('focuses the export for /dashboard#export and the import, once loaded, for #import', async () => {
    api();
    renderPanel('/dashboard#export');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export JSON' })),
    );
    cleanup();
    renderPanel('/dashboard#import');
    const importButton = await screen.findByRole('button', { name: 'Import a file…' });
    await waitFor(() => expect(document.activeElement).toBe(importButton));
  });
});
