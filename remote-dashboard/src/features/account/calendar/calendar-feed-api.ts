// The calendar feed's switch: GET, POST (a new address) and DELETE on
// /calendar-feed/. Its status is this remote's own query (not one of
// `queryKeys`, so a host of an earlier release needs nothing new).
import { apiRequest } from '@stride/shared';
import type { CalendarFeedAddress, CalendarFeedStatus } from '@stride/shared/contract';

export const CALENDAR_FEED_KEY = ['calendar-feed'] as const;

export const calendarFeedApi = {
  status: () => apiRequest<CalendarFeedStatus>('/calendar-feed/'),
  renew: () => apiRequest<CalendarFeedAddress>('/calendar-feed/', { method: 'POST' }),
  turnOff: () => apiRequest<{ ok: boolean }>('/calendar-feed/', { method: 'DELETE' }),
};
