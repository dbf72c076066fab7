import { ProgressBar } from '@stride/shared';
import { SUMMARY_CARDS } from '../card-links';
import { CHART_HEIGHT } from './CompletionsChart';

/** Goal rows the skeleton reserves: the summary's usual height on a phone. */
const GOAL_ROWS = 3;

/**
 * The summary while it loads, in the summary's own layout (the same cards,
 * panels, chart height and goal rows, with their text blanked), so nothing
 * below it moves when the figures arrive: on a phone the account panel sits
 * under the summary, and a short skeleton made it jump (CLS 0.39). Hidden
 * from assistive technology and from the keyboard; they hear one status.
 */
export function SummarySkeleton() {
  return (
    <div className="summary-skeleton" role="status">
      <span className="visually-hidden">Loading your dashboard</span>
      <div className="dashboard-summary" aria-hidden="true" inert>
        <ul className="summary-cards">
          {SUMMARY_CARDS.map(({ key, label }) => (
            <li key={key}>
              <div className="summary-card">
                <span className="summary-card__label">{label}</span>
                <span className="summary-card__count summary-skeleton__blank">0</span>
              </div>
            </li>
          ))}
        </ul>
        <div className="dashboard-summary__panels">
          <section className="dashboard-panel">
            <div className="dashboard-panel__header">
              <h2>Completed per day</h2>
            </div>
            <div className="summary-skeleton__block" style={{ height: CHART_HEIGHT }} />
            <p className="completions-chart__range">
              <span className="summary-skeleton__blank">Nov 11</span>
              <span className="summary-skeleton__blank">Today</span>
            </p>
          </section>
          <section className="dashboard-panel">
            <div className="dashboard-panel__header">
              <h2>Goals</h2>
            </div>
            <ul className="goal-list">
              {Array.from({ length: GOAL_ROWS }, (_, row) => (
                <li key={row} className="goal-list__item">
                  <div className="goal-list__row">
                    <span className="goal-list__title summary-skeleton__blank">A goal</span>
                  </div>
                  <ProgressBar done={0} total={0} label="" />
                  <p className="goal-list__meta summary-skeleton__blank">0 of 0 tasks done</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
