import { useAuthStore, useDisplayName } from '@stride/shared';
import { AccountPanel } from '../features/account/components/AccountPanel';
import { DashboardSummary } from '../features/summary/components/DashboardSummary';
import '../features/dashboard.css';

/** An account this young has not been away: it is greeted, not welcomed back. */
const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/**
 * The greeting. A component of its own: when the user arrives, React
 * redraws this line alone (in one task it cannot slice), not the page.
 */
function WelcomeLine() {
  const name = useDisplayName();
  const createdAt = useAuthStore((state) => state.user?.created_at);
  const isNew = createdAt !== undefined && Date.now() - Date.parse(createdAt) < NEW_ACCOUNT_MS;
  const welcome = isNew ? `Welcome to Stride, ${name}.` : `Welcome back, ${name}.`;
  return (
    // Its line is kept while the user is not known yet (a page sent as
    // HTML), so the page below does not move down when the name comes.
    <p className="dashboard__welcome" data-testid="signed-in-as">
      {name ? welcome : '\u00a0'}
    </p>
  );
}

/** Exposed as `remote_dashboard/DashboardPage`. */
export default function DashboardPage() {
  return (
    <section aria-labelledby="dashboard-title" className="page dashboard">
      <header className="dashboard__header">
        <h1 id="dashboard-title">Dashboard</h1>
        <WelcomeLine />
      </header>
      <div className="dashboard__layout">
        <DashboardSummary />
        <AccountPanel />
      </div>
    </section>
  );
}
