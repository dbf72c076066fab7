import './components.css';

/** Placeholder rows while a list loads; announced once as "Loading". */
export function Skeleton({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="ui-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="ui-skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}
