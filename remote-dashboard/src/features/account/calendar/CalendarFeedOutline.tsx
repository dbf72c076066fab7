import { CALENDAR_COPY } from './calendar-copy';

/**
 * The calendar feed section while its module loads (AccountPanel.tsx): its
 * heading, its words and its buttons' row, so nothing moves when it arrives.
 */
export function CalendarFeedOutline() {
  return (
    <div className="account__calendar calendar-feed--pending">
      <h3 className="account__subtitle">{CALENDAR_COPY.title}</h3>
      <p className="dashboard-panel__note">{CALENDAR_COPY.about}</p>
      <div className="calendar-feed__actions" aria-hidden="true" />
    </div>
  );
}
