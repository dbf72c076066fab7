import { afterEach, describe, expect, it } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, testUser } from '../test/render';
import { TopBarMenus } from './TopBarMenus';

afterEach(cleanup);

const at = () =>
  renderAt('/dashboard', [{ path: '/dashboard', element: <TopBarMenus user={testUser} /> }], {
    user: testUser,
  });

describe('TopBarMenus', () => {
  it('keeps the trigger a reference was taken to through the first press, which loads Radix and opens the menu', async () => {
    at();
    const held = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(held.getAttribute('aria-haspopup')).toBe('menu');
    expect(held.getAttribute('aria-expanded')).toBe('false');
    held.focus();
    fireEvent.pointerDown(held, { button: 0 });
    fireEvent.click(held);
    // Expanded at once, before the menu's code has arrived.
    expect(held.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('menu');
    screen.getByRole('menuitem', { name: 'Logout' });
    // Still the very element the page drew first, named and wired to its menu.
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBe(held);
    expect(held.isConnected).toBe(true);
    expect(held.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.getAttribute('aria-labelledby')).toBe(held.id);

    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(held.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(held));
  });

  it('opens from the keyboard, and a press on the open trigger closes it', async () => {
    at();
    const theme = screen.getByRole('button', { name: 'Theme: Auto (system)' });
    theme.focus();
    fireEvent.keyDown(theme, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(menu.getAttribute('aria-labelledby')).toBe(theme.id);
    screen.getByRole('menuitemradio', { name: 'Dark' });
    await act(async () => {
      fireEvent.pointerDown(theme, { button: 0 });
      fireEvent.click(theme);
    });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(theme.getAttribute('aria-expanded')).toBe('false');
  });
});
