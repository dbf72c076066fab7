import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './schema-helpers';

/**
 * Whether the user's calendar feed is on. Its address is never stored, only
 * a hash of its secret, so it is shown once: when made.
 */
export const CalendarFeedStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  created_at: Nullable(Type.String({ description: 'When the current address was made' })),
});
export type CalendarFeedStatus = Static<typeof CalendarFeedStatusSchema>;

/** A new feed address: shown to the user once, then only its hash is kept. */
export const CalendarFeedAddressSchema = Type.Object({
  url: Type.String({ description: 'The iCalendar address; it carries its own secret' }),
  created_at: Type.String(),
});
export type CalendarFeedAddress = Static<typeof CalendarFeedAddressSchema>;
