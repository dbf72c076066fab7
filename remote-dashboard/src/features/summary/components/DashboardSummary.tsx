import { Button, ErrorNotice } from '@stride/shared';
import { useDashboard } from '../api/get-dashboard';
import { isFreshStart } from '../is-fresh-start';
import { CompletionsChart } from './CompletionsChart';
import { GetStarted } from './GetStarted';
import { GoalsProgress } from './GoalsProgress';
import { SummaryCards } from './SummaryCards';
import { SummarySkeleton } from './SummarySkeleton';

/** The work half of the dashboard: counts, goals and the chart, from GET /dashboard/. */
export function DashboardSummary() {
  const { data, isPending, isError, refetch, isRefetching } = useDashboard();

  if (isPending) return <SummarySkeleton />;
  if (isError) {
    return (
      <ErrorNotice
        action={
          <Button size="small" busy={isRefetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        Your summary could not be loaded.
      </ErrorNotice>
    );
  }
  return (
    <div className="dashboard-summary">
      <SummaryCards counts={data.counts} />
      {isFreshStart(data) ? (
        <GetStarted />
      ) : (
        <div className="dashboard-summary__panels">
          <CompletionsChart completions={data.completions} />
          <GoalsProgress goals={data.goals} />
        </div>
      )}
    </div>
  );
}
