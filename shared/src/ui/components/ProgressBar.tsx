import './components.css';

/** A labelled progress bar: `done` of `total`, as an accessible progressbar. */
export function ProgressBar({
  done,
  total,
  label,
}: {
  done: number;
  total: number;
  label: string;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div
      className="ui-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${done} of ${total} done`}
    >
      <div className="ui-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
