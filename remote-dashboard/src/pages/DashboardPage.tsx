import { useDisplayName } from '@stride/shared';
import { AccountPanel } from '../features/account/components/AccountPanel';
import { DashboardSummary } from '../features/summary/components/DashboardSummary';
import '../features/dashboard.css';

/** Exposed as `remote_dashboard/DashboardPage`. */
export default function DashboardPage() {
  const name = useDisplayName();
  return (
    <section aria-labelledby="dashboard-title" className="page dashboard">
      <header className="dashboard__header">
        <h1 id="dashboard-title">Dashboard</h1>
        {name && (
          <p className="dashboard__welcome" data-testid="signed-in-as">
            Welcome back, {name}.
          </p>
        )}
      </header>
      <div className="dashboard__layout">
        <DashboardSummary />
        <AccountPanel />
      </div>
    </section>
  );
}
