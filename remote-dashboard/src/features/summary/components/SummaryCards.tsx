import type { DashboardSummary } from '@stride/shared';
import { Link } from '@stride/shared';
import { SUMMARY_CARDS } from '../card-links';

/** Four counts, each a link to the task list filtered to those tasks. */
export function SummaryCards({ counts }: { counts: DashboardSummary['counts'] }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      <ul className="summary-cards">
        {SUMMARY_CARDS.map(({ key, label, href, alert }) => {
          const count = counts[key];
          const alerting = alert && count > 0;
          return (
            <li key={key}>
              <Link
                to={href}
                className={alerting ? 'summary-card summary-card--alert' : 'summary-card'}
                data-testid={`summary-${key}`}
              >
                <span className="summary-card__label">{label}</span>{' '}
                <span className="summary-card__count">{count}</span>{' '}
                <span className="visually-hidden">{count === 1 ? 'task' : 'tasks'}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
