import { useDisplayName } from '@stride/shared';

/** Exposed as `remote_dashboard/DashboardPage`. */
export default function DashboardPage() {
  const name = useDisplayName();
  return (
    <section aria-labelledby="dashboard-title" className="page">
      <h1 id="dashboard-title">Dashboard</h1>
      <p data-testid="signed-in-as">{name ? `Welcome back, ${name}.` : 'Not signed in.'}</p>
    </section>
  );
}
