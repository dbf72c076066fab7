// A user's due tasks as an iCalendar document (RFC 5545), written by
// ical-generator. Times are floating: a task due at 09:00 is due at 09:00 on
// the user's clock (the contract's `due_time`), which is what a floating time means;
// X-WR-TIMEZONE names the user's zone for the clients that place floating
// times by it. A repeating task carries its rule from its next due day
// (one repeating from the day it is done, only that next day).
import ical, { ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';

export interface FeedTask {
  id: string;
  title: string;
  notes: string | null;
  priority: string;
  due_date: string;
  due_time: string | null;
  repeat_rule: string | null;
  repeat_from: string;
  updated_at: string;
}

/** RFC 5545's PRIORITY: 1 the highest, 9 the lowest, none left out. */
const ICS_PRIORITY: Record<string, number | undefined> = { high: 1, medium: 5, low: 9 };

/** How often clients should fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 15 * 60;

export function calendarDocument(
  tasks: readonly FeedTask[],
  options: { timeZone: string | null; appUrl: string },
): string {
  const calendar = ical({
    name: 'Stride',
    prodId: { company: 'Stride', product: 'Tasks', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
    ...(options.timeZone ? { x: { 'X-WR-TIMEZONE': options.timeZone } } : {}),
  });
  for (const task of tasks) {
    calendar.createEvent({
      id: `${task.id}@stride`,
      summary: task.title,
      description: task.notes,
      start: task.due_time ? `${task.due_date}T${task.due_time}:00` : task.due_date,
      allDay: !task.due_time,
      floating: true,
      // A rule counted from the day it is done has no later day to list yet.
      repeating: task.repeat_from === 'done' ? null : task.repeat_rule,
      priority: ICS_PRIORITY[task.priority] ?? null,
      stamp: new Date(task.updated_at),
      lastModified: new Date(task.updated_at),
      url: `${options.appUrl}/tasks`,
      // A due task does not make its owner busy.
      transparency: ICalEventTransparency.TRANSPARENT,
      busystatus: ICalEventBusyStatus.FREE,
    });
  }
  return calendar.toString();
}
