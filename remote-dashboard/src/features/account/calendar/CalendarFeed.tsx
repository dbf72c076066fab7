import { Button, logError, notify, useAuthStore } from '@stride/shared';
import { dayLabel, todayIn } from '@stride/shared/calendar-day';
import type { CalendarFeedStatus } from '@stride/shared/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CALENDAR_COPY } from './calendar-copy';
import { CALENDAR_FEED_KEY, calendarFeedApi } from './calendar-feed-api';

/**
 * The calendar feed's switch, in the account panel, which loads it with the
 * profile form (once the dashboard has settled, or when the user reaches for
 * the panel). A new address is shown once, with a way to copy it: the server
 * keeps only its hash.
 */
export function CalendarFeed() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: calendarFeedApi.status });
  const timeZone = useAuthStore((state) => state.user?.timezone ?? null);
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState<'renew' | 'off' | null>(null);
  const addressId = useId();

  const change = async (action: 'renew' | 'off') => {
    setBusy(action);
    try {
      if (action === 'renew') {
        const made = await calendarFeedApi.renew();
        setAddress(made.url);
        queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_KEY, {
          enabled: true,
          created_at: made.created_at,
        });
      } else {
        await calendarFeedApi.turnOff();
        setAddress(null);
        queryClient.setQueryData<CalendarFeedStatus>(CALENDAR_FEED_KEY, {
          enabled: false,
          created_at: null,
        });
        notify.success(CALENDAR_COPY.turnedOff);
      }
    } catch (error) {
      logError('Calendar feed change failed', error);
      notify.error(CALENDAR_COPY.failed);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      notify.success(CALENDAR_COPY.copied);
    } catch (error) {
      logError('Copying the calendar address failed', error);
      notify.error(CALENDAR_COPY.copyFailed);
    }
  };

  const feed = status.data;
  return (
    <section aria-labelledby={`${addressId}-title`} className="account__calendar">
      <h3 id={`${addressId}-title`} className="account__subtitle">
        {CALENDAR_COPY.title}
      </h3>
      <p className="dashboard-panel__note">{CALENDAR_COPY.about}</p>
      {address && (
        <div className="calendar-feed__address">
          <label htmlFor={addressId} className="ui-field__label">
            {CALENDAR_COPY.addressLabel}
          </label>
          <div className="calendar-feed__copy">
            <input
              id={addressId}
              className="ui-input"
              readOnly
              value={address}
              aria-describedby={`${addressId}-hint`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button onClick={() => void copy()}>{CALENDAR_COPY.copy}</Button>
          </div>
          <p id={`${addressId}-hint`} className="ui-field__hint">
            {CALENDAR_COPY.keepItNow}
          </p>
        </div>
      )}
      {feed?.enabled && !address && feed.created_at && (
        <p className="dashboard-panel__note">
          {CALENDAR_COPY.onSince(dayLabel(todayIn(timeZone, new Date(feed.created_at))))}
        </p>
      )}
      <div className="calendar-feed__actions">
        {status.isError && (
          <>
            <p className="dashboard-panel__note">{CALENDAR_COPY.loadFailed}</p>
            <Button onClick={() => void status.refetch()}>{CALENDAR_COPY.retry}</Button>
          </>
        )}
        {feed && !feed.enabled && (
          <Button busy={busy === 'renew'} onClick={() => void change('renew')}>
            {CALENDAR_COPY.turnOn}
          </Button>
        )}
        {feed?.enabled && (
          <>
            <Button
              busy={busy === 'renew'}
              disabled={busy !== null}
              onClick={() => void change('renew')}
            >
              {CALENDAR_COPY.renew}
            </Button>
            <Button
              variant="danger"
              busy={busy === 'off'}
              disabled={busy !== null}
              onClick={() => void change('off')}
            >
              {CALENDAR_COPY.turnOff}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
