import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fakeApi, json, recordErrorToasts, renderApp, testUser } from '@stride/shared/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { CalendarFeed } from './CalendarFeed';
import { CALENDAR_COPY } from './calendar-copy';

const user = { ...testUser, timezone: 'Europe/London' };
const ADDRESS = `http://localhost:8000/api/calendar/${'a'.repeat(43)}.ics`;

function renderFeed() {
  renderApp([{ path: '/dashboard', element: <CalendarFeed /> }], { at: '/dashboard', user });
}

afterEach(() => {
  cleanup();
  rs.restoreAllMocks();
  rs.unstubAllGlobals();
});

describe('CalendarFeed', () => {
  it('turns the feed on and shows the new address once, with a way to copy it', async () => {
    const api = fakeApi({
      'GET /calendar-feed/': json({ enabled: false, created_at: null }),
      'POST /calendar-feed/': json({ url: ADDRESS, created_at: '2030-03-10T12:00:00.000Z' }, 201),
    });
    const writeText = rs.fn(async () => {});
    rs.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderFeed();
    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_COPY.turnOn }));
    const field = (await screen.findByLabelText(CALENDAR_COPY.addressLabel)) as HTMLInputElement;
    expect(field.value).toBe(ADDRESS);
    expect(field.readOnly).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText(CALENDAR_COPY.keepItNow);
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_COPY.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ADDRESS));
    // On now: a new address and the off switch, no "turn on".
    screen.getByRole('button', { name: CALENDAR_COPY.renew });
    screen.getByRole('button', { name: CALENDAR_COPY.turnOff });
    expect(screen.queryByRole('button', { name: CALENDAR_COPY.turnOn })).toBeNull();
    expect(api.callsTo('POST /calendar-feed/')).toHaveLength(1);
  });

  it('says since when an existing feed is on, and turning it off forgets the address', async () => {
    const api = fakeApi({
      'GET /calendar-feed/': json({
        enabled: true,
        created_at: '2030-03-10T12:00:00.000Z',
      }),
      'DELETE /calendar-feed/': json({ ok: true }),
    });
    renderFeed();
    await screen.findByText(/^On since .*10.* Lost the address\?/);
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_COPY.turnOff }));
    await screen.findByRole('button', { name: CALENDAR_COPY.turnOn });
    expect(api.callsTo('DELETE /calendar-feed/')).toHaveLength(1);
    expect(screen.queryByText(/On since/)).toBeNull();
  });

  it('keeps the state it had and says so when a change fails', async () => {
    const errors = recordErrorToasts();
    fakeApi({
      'GET /calendar-feed/': json({ enabled: false, created_at: null }),
      'POST /calendar-feed/': json(
        { error: 'Database unavailable', code: 'database_unavailable' },
        503,
      ),
    });
    renderFeed();
    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_COPY.turnOn }));
    await waitFor(() => expect(errors).toEqual([CALENDAR_COPY.failed]));
    screen.getByRole('button', { name: CALENDAR_COPY.turnOn });
    expect(screen.queryByLabelText(CALENDAR_COPY.addressLabel)).toBeNull();
  });
});
