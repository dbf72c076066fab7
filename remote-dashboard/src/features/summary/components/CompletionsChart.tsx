import type { DashboardSummary } from '@stride/shared';
import { compactDayLabel } from '@stride/shared/calendar-day';
import { BrowserText } from '@stride/shared/hydration';
import { barHeights } from '../chart-scale';
import { CompletionsTable } from './CompletionsTable';

type Completions = DashboardSummary['completions'];

// Pixels; the horizontal axis is in percent so the chart fills any width.
/** The drawing's height, fixed, so the loading skeleton can reserve it exactly. */
export const CHART_HEIGHT = 190;
const HEIGHT = CHART_HEIGHT;
const TOP = 20;
const BOTTOM = 24;
const PLOT = HEIGHT - TOP - BOTTOM;
const BASELINE = HEIGHT - BOTTOM;

/**
 * Tasks completed per day, oldest first: hand-drawn SVG bars with their
 * counts, and the same numbers as a table for screen readers (the drawing
 * itself is hidden from them).
 */
export function CompletionsChart({ completions }: { completions: Completions }) {
  const heights = barHeights(
    completions.map((day) => day.count),
    PLOT,
  );
  const total = completions.reduce((sum, day) => sum + day.count, 0);
  const slot = 100 / Math.max(1, completions.length);
  const first = completions[0];
  const last = completions.at(-1);

  return (
    <section aria-labelledby="chart-title" className="dashboard-panel">
      <div className="dashboard-panel__header">
        <h2 id="chart-title">Completed per day</h2>
        <p className="dashboard-panel__note" data-testid="completions-total">
          {total} in the last {completions.length} days
        </p>
      </div>
      <svg
        className="completions-chart"
        width="100%"
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
        data-testid="completions-chart"
      >
        <line className="completions-chart__axis" x1="0" x2="100%" y1={BASELINE} y2={BASELINE} />
        {completions.map((day, index) => {
          const height = heights[index] ?? 0;
          const center = `${(index + 0.5) * slot}%`;
          return (
            <g key={day.date} data-date={day.date} data-count={day.count}>
              <rect
                className={
                  day.count > 0 ? 'completions-chart__bar' : 'completions-chart__bar--empty'
                }
                x={`${(index + 0.2) * slot}%`}
                width={`${slot * 0.6}%`}
                y={BASELINE - Math.max(height, 2)}
                height={Math.max(height, 2)}
                rx="3"
              />
              {day.count > 0 && (
                <text className="completions-chart__value" x={center} y={BASELINE - height - 6}>
                  {day.count}
                </text>
              )}
              <text className="completions-chart__day" x={center} y={HEIGHT - 6}>
                {Number(day.date.slice(8, 10))}
              </text>
            </g>
          );
        })}
      </svg>
      {first && last && (
        <p className="completions-chart__range" aria-hidden="true">
          <span>
            {/* Written in the browser's language: not in HTML the server rendered. */}
            <BrowserText text={() => compactDayLabel(first.date)} />
          </span>
          <span>Today</span>
        </p>
      )}
      {total === 0 && (
        <p className="dashboard-panel__note">
          Nothing completed in the last two weeks yet. Finished tasks show up here, day by day.
        </p>
      )}
      <CompletionsTable completions={completions} />
    </section>
  );
}
