import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, testUser } from '../test/render';
import { TopBarMenus } from './TopBarMenus';

afterEach(cleanup);

const at = () =>
  renderAt('/dashboard', [{ path: '/dashboard', element: <TopBarMenus user={testUser} /> }], {
    user: testUser,
  });

describe('TopBarMenus', () => {
  it('draws named stand-ins until Radix loads; a click loads it and opens that menu', async () => {
    at();
    const standIn = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    screen.getByRole('button', { name: 'Theme: Auto (system)' });
    fireEvent.click(standIn);
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    screen.getByRole('menuitem', { name: 'Dashboard' });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Ada Lovelace' }).getAttribute('aria-expanded'),
      ).toBe('true'),
    );
  });
});
