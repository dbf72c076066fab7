import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { COPY, queryClient } from '@stride/shared';
import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './OfflineBanner';

afterEach(() => {
  rs.restoreAllMocks();
  queryClient.getMutationCache().clear();
});

function goOffline(offline: boolean) {
  rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  // What the app's mounted QueryClient does on the same event.
  onlineManager.setOnline(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  it('shows while the browser is offline, with the changes waiting to be sent', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe(COPY.offline);

    // A write made offline waits (TanStack Query pauses it until the network is back).
    act(() => {
      void queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: async () => 'sent', networkMode: 'online' })
        .execute(undefined);
    });
    expect(await screen.findByText(COPY.offlineWaiting(1))).toBeTruthy();

    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
