import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './Avatar';

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  profile_picture: null,
};

afterEach(cleanup);

describe('Avatar', () => {
  it('shows initials at the default size when there is no picture', () => {
    render(<Avatar user={ada} />);
    const initials = screen.getByTestId('avatar-initials');
    expect(initials.textContent).toBe('AL');
    expect(initials.getAttribute('aria-hidden')).toBe('true');
    expect(initials.style.width).toBe('28px');
  });

  it('takes a size for both the picture and the initials', () => {
    const { container, rerender } = render(
      <Avatar user={{ ...ada, profile_picture: 'https://img.example/a.png' }} size={64} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('width')).toBe('64');
    expect(img?.getAttribute('alt')).toBe('');
    rerender(<Avatar user={ada} size={64} />);
    expect(screen.getByTestId('avatar-initials').style.height).toBe('64px');
  });

  it('falls back to initials when the picture fails, and logs it', () => {
    const log = rs.spyOn(console, 'error').mockImplementation(() => {});
    const src = 'https://img.example/broken.png';
    const { container } = render(<Avatar user={{ ...ada, profile_picture: src }} />);
    fireEvent.error(container.querySelector('img') as Element);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Profile image failed to load'), src);
  });
});
