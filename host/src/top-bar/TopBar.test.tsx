import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAt, testUser } from '../test/render';
import { TopBar } from './TopBar';

rs.mock('../remotes/remote-loader', () => ({ preloadPage: rs.fn() }));

afterEach(cleanup);

const at = (user = testUser as typeof testUser | null) =>
  renderAt('/dashboard', [{ path: '/dashboard', element: <TopBar /> }], { user });

describe('TopBar', () => {
  it('has the logo link, the three main links and a Sign in link when signed out', () => {
    at(null);
    expect(screen.getByRole('link', { name: 'Stride' }).getAttribute('href')).toBe('/dashboard');
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Goals', '/goals'],
      ['Tasks', '/tasks'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
  });

  it('shows the user menu with the display name and initials when signed in', () => {
    at({ ...testUser, full_name: null });
    // Named by the display name alone: the initials are hidden from assistive tech.
    screen.getByRole('button', { name: 'Ada' });
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('falls back to initials when the profile picture fails to load, and logs it', () => {
    const log = rs.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = at({ ...testUser, profile_picture: 'https://img.example/broken.png' });
    const img = container.querySelector('img.avatar');
    expect(img?.getAttribute('src')).toBe('https://img.example/broken.png');
    fireEvent.error(img as Element);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('Profile image'),
      'https://img.example/broken.png',
    );
  });

  it('uses U when the user has nothing to take initials from', () => {
    at({
      ...testUser,
      first_name: null,
      last_name: null,
      full_name: null,
      username: null,
      email: null,
    });
    expect(screen.getByTestId('avatar-initials').textContent).toBe('U');
  });
});
