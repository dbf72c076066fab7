import { Button } from '@stride/shared';
import type { ImportReport } from '@stride/shared/contract';
import type { RefObject } from 'react';
import { addsInWords, extrasInWords, sampleDetails } from './import-summary';

const SOURCES = { 'stride-json': 'a Stride export', 'todoist-csv': 'a Todoist CSV' } as const;

interface ReportProps {
  name: string;
  report: ImportReport;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** What a clean file adds, a few of its tasks, and the one button that writes it. */
export function ImportPreview({
  name,
  report,
  headingRef,
  busy,
  onImport,
  onCancel,
}: ReportProps & { busy: boolean; onImport: () => void; onCancel: () => void }) {
  const extras = extrasInWords(report);
  return (
    <div className="import-file__report">
      <h4 className="import-file__title" ref={headingRef} tabIndex={-1}>
        Ready to import {name}
      </h4>
      <p>
        Read as {report.source ? SOURCES[report.source] : 'a file'}, it adds{' '}
        <strong>{addsInWords(report)}</strong>
        {extras ? ` ${extras}` : ''} to your account. Nothing you have now changes.
      </p>
      {report.sample.length > 0 && (
        <ul className="import-file__sample" aria-label="First tasks in the file">
          {report.sample.map((task, index) => (
            // A fixed list from one report: its order is its identity (titles may repeat).
            <li key={index}>
              <span className="import-file__sample-title">{task.title}</span>
              {sampleDetails(task) && (
                <span className="import-file__sample-details">{sampleDetails(task)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="import-file__actions">
        <Button variant="primary" busy={busy} onClick={onImport}>
          {busy ? 'Importing…' : `Import ${addsInWords(report)}`}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Every problem of a file, each where it is; with any, nothing is imported. */
export function ImportProblems({
  name,
  report,
  headingRef,
  onChooseAnother,
  onCancel,
}: ReportProps & { onChooseAnother: () => void; onCancel: () => void }) {
  const more = report.problem_count - report.problems.length;
  return (
    <div className="import-file__report import-file__report--problems">
      <h4 className="import-file__title" ref={headingRef} tabIndex={-1}>
        {name} can’t be imported
      </h4>
      <p>
        Nothing was imported. Fix{' '}
        {report.problem_count === 1 ? 'this problem' : `these ${report.problem_count} problems`} in
        the file, then choose it again.
      </p>
      <ul className="import-file__problems">
        {report.problems.map((problem, index) => (
          // A fixed list: one line may have two problems, so the index is the key.
          <li key={index}>
            <strong>{problem.where}</strong> {problem.message}
          </li>
        ))}
      </ul>
      {more > 0 && <p>…and {more} more.</p>}
      <div className="import-file__actions">
        <Button variant="primary" onClick={onChooseAnother}>
          Choose a file…
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
