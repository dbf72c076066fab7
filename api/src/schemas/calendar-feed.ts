// The calendar feed: its switch for the signed-in user, and the feed itself,
// opened by the secret in its address alone.
import { Type } from '@sinclair/typebox';
import { CalendarFeedAddressSchema, CalendarFeedStatusSchema } from '@stride/shared/contract';
import { errorResponses, okSchema } from './common.js';

export const calendarFeedStatusSchema = {
  tags: ['calendar'],
  summary: 'Whether the calendar feed is on (its address is shown only when made)',
  response: { 200: CalendarFeedStatusSchema, ...errorResponses(503) },
} as const;

export const calendarFeedRenewSchema = {
  tags: ['calendar'],
  summary: 'Turn the calendar feed on, or give it a new address: the old one stops working',
  response: { 201: CalendarFeedAddressSchema, ...errorResponses(503) },
} as const;

export const calendarFeedDisableSchema = {
  tags: ['calendar'],
  summary: 'Turn the calendar feed off: its address stops working',
  response: { 200: okSchema, ...errorResponses(503) },
} as const;

export const calendarSchema = {
  tags: ['calendar'],
  summary: "The user's due tasks as iCalendar (text/calendar), by the feed's secret address",
  params: Type.Object({
    file: Type.String({ maxLength: 64, description: '<secret>.ics' }),
  }),
  response: {
    200: Type.String({ description: 'text/calendar' }),
    ...errorResponses(404, 503),
  },
} as const;
