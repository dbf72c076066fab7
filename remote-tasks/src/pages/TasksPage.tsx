import { useDisplayName } from '@stride/shared';

/** Exposed as `remote_tasks/TasksPage`. */
export default function TasksPage() {
  const name = useDisplayName();
  return (
    <section aria-labelledby="tasks-title" className="page">
      <h1 id="tasks-title">Tasks</h1>
      <p data-testid="signed-in-as">{name ? `Tasks of ${name}.` : 'Not signed in.'}</p>
    </section>
  );
}
