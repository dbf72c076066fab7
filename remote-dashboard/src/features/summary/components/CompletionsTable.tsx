import type { DashboardSummary } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { BrowserText } from '@stride/shared/hydration';

/** The chart's numbers for screen readers: one row per day, oldest first. */
export function CompletionsTable({
  completions,
}: {
  completions: DashboardSummary['completions'];
}) {
  return (
    <table className="visually-hidden">
      <caption>Tasks completed per day, last {completions.length} days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Tasks completed</th>
        </tr>
      </thead>
      <tbody>
        {completions.map((day) => (
          <tr key={day.date}>
            <th scope="row">
              {/* In the browser's language: the server's HTML names the day by its date. */}
              <BrowserText text={() => dayLabel(day.date)} fallback={day.date} />
            </th>
            <td>{day.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
