import './auth.css';

/** A centred "working on it" card for the sign-in result pages. */
export function AuthStatusPanel({ label }: { label: string }) {
  return (
    <section className="auth-card" role="status" aria-live="polite">
      <span className="auth-spinner" aria-hidden="true" />
      <p className="auth-card__lead">{label}</p>
    </section>
  );
}
