import { useDisplayName } from '@stride/shared';

/** Exposed as `remote_goals/GoalsPage`. */
export default function GoalsPage() {
  const name = useDisplayName();
  return (
    <section aria-labelledby="goals-title" className="page">
      <h1 id="goals-title">Goals</h1>
      <p data-testid="signed-in-as">{name ? `Goals of ${name}.` : 'Not signed in.'}</p>
    </section>
  );
}
