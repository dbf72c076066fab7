import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { MESSAGES, notify, resetAuthStore } from '@stride/shared';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LoginPage from './LoginPage';

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('offers Google and Apple', () => {
    render(<LoginPage />);
    screen.getByRole('button', { name: /Google/ });
    screen.getByRole('button', { name: /Apple/ });
  });

  it('initiates once, stays busy, and goes to the authorization URL', async () => {
    resetAuthStore();
    const assign = rs.fn();
    rs.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
    let answer: (r: Response) => void = () => {};
    const { calls } = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    render(<LoginPage />);
    const google = screen.getByRole('button', { name: /Google/ });
    fireEvent.click(google);
    fireEvent.click(google);
    fireEvent.click(screen.getByRole('button', { name: /Apple/ }));
    // One reply is stubbed: a second initiate would go unanswered and fail the test.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(google.getAttribute('aria-busy')).toBe('true');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      redirect_uri: 'http://localhost:3000/auth/callback',
    });
    answer(json({ authorization_url: 'http://127.0.0.1:9000/auth?x=1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9000/auth?x=1'));
  });

  it('re-enables the buttons after a failed initiate, with the toast', async () => {
    const error = rs.spyOn(notify, 'error').mockReturnValue('');
    stubFetch(networkError());
    render(<LoginPage />);
    const apple = screen.getByRole('button', { name: /Apple/ });
    fireEvent.click(apple);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(MESSAGES.networkError, expect.anything()),
    );
    await waitFor(() => expect((apple as HTMLButtonElement).disabled).toBe(false));
  });
});
