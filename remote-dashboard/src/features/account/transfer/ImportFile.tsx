import {
  Button,
  isApiError,
  notify,
  queryClient,
  queryKeys,
  unreachableText,
} from '@stride/shared';
import type { ImportReport } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { useEffect, useRef, useState } from 'react';
import { ImportPreview, ImportProblems } from './ImportReportView';
import { addsInWords } from './import-summary';
import { applyImport, previewImport } from './transfer-api';
import { DATA_ACTION_TARGETS } from './use-data-action';

/** A file read and checked by the server: its name, its text and what the server found. */
interface Chosen {
  name: string;
  content: string;
  report: ImportReport;
}

type State =
  | { step: 'idle'; imported?: string }
  | { step: 'reading'; name: string }
  | { step: 'preview'; file: Chosen }
  | { step: 'importing'; file: Chosen }
  | { step: 'failed'; name: string; message: string; retry?: () => void };

const TOO_LARGE = `This file is larger than one import takes (${(LIMITS.importChars / 1e6).toFixed(0)} million characters). Split it, then import each part.`;

/** Why a request failed, in words the user can act on. Nothing was imported either way. */
function failureText(error: unknown): string {
  const unreachable = unreachableText(error);
  if (unreachable) return `${unreachable} Nothing was imported.`;
  if (isApiError(error) && error.status === 413) return TOO_LARGE;
  if (!canRetry(error)) {
    // The server refused this file (a binary file, say): its reason, not "try again".
    // error.body, not a newer shared helper: a remote runs on the host's copy of shared.
    const said = isApiError(error) ? error.body?.error : undefined;
    const reason = typeof said === 'string' && said ? said : 'it is not a file Stride can read';
    return `The server refused this file: ${reason.replace(/\.$/, '')}. Nothing was imported.`;
  }
  return 'The import failed on the server, so nothing was imported. Try again in a moment.';
}

/** Whether the same request may succeed later: no answer, or a server busy or failing. */
function canRetry(error: unknown): boolean {
  if (unreachableText(error)) return true;
  const status = isApiError(error) ? error.status : undefined;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/**
 * Import: choose a file, see what it would add (or every problem, each with
 * its line), then confirm. Nothing is written before the confirmation, and
 * then all of it or none of it.
 */
export function ImportFile() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The preview or the problems take the focus when they appear, so they are read out.
  useEffect(() => {
    if (state.step === 'preview' || state.step === 'failed') heading.current?.focus();
  }, [state.step]);

  const choose = () => {
    if (input.current) input.current.value = '';
    input.current?.click();
  };

  const read = async (file: File) => {
    // At most three bytes of UTF-8 a character: a file past this is too long unread.
    if (file.size > LIMITS.importChars * 3) {
      setState({ step: 'failed', name: file.name, message: TOO_LARGE });
      return;
    }
    setState({ step: 'reading', name: file.name });
    const content = await file.text().catch(() => null);
    if (content === null) {
      setState({ step: 'failed', name: file.name, message: 'This file could not be read.' });
      return;
    }
    if (content.length > LIMITS.importChars) {
      setState({ step: 'failed', name: file.name, message: TOO_LARGE });
      return;
    }
    const check = async () => {
      setState({ step: 'reading', name: file.name });
      try {
        const report = await previewImport(content);
        setState({ step: 'preview', file: { name: file.name, content, report } });
      } catch (error) {
        const retry = canRetry(error) ? check : undefined;
        setState({ step: 'failed', name: file.name, message: failureText(error), retry });
      }
    };
    await check();
  };

  const confirm = async (file: Chosen) => {
    setState({ step: 'importing', file });
    try {
      const report = await applyImport(file.content);
      const imported = `Imported ${addsInWords(report)} from ${file.name}.`;
      setState({ step: 'idle', imported });
      notify.success(imported);
      await queryClient.invalidateQueries({ queryKey: queryKeys.workData });
    } catch (error) {
      const report = isApiError(error) ? readRefusal(error.body) : null;
      if (report) setState({ step: 'preview', file: { ...file, report } });
      else {
        const retry = canRetry(error) ? () => void confirm(file) : undefined;
        setState({ step: 'failed', name: file.name, message: failureText(error), retry });
      }
    }
  };

  return (
    <div className="import-file">
      <input
        ref={input}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void read(file);
        }}
      />
      {(state.step === 'idle' || state.step === 'reading') && (
        <div className="import-file__start">
          <Button id={DATA_ACTION_TARGETS.import} busy={state.step === 'reading'} onClick={choose}>
            {state.step === 'reading' ? `Reading ${state.name}…` : 'Import a file…'}
          </Button>
          <p className="import-file__status" role="status">
            {state.step === 'idle' ? (state.imported ?? '') : ''}
          </p>
        </div>
      )}
      {(state.step === 'preview' || state.step === 'importing') &&
        (state.file.report.problem_count > 0 ? (
          <ImportProblems
            name={state.file.name}
            report={state.file.report}
            headingRef={heading}
            onChooseAnother={choose}
            onCancel={() => setState({ step: 'idle' })}
          />
        ) : (
          <ImportPreview
            name={state.file.name}
            report={state.file.report}
            headingRef={heading}
            busy={state.step === 'importing'}
            onImport={() => void confirm(state.file)}
            onCancel={() => setState({ step: 'idle' })}
          />
        ))}
      {state.step === 'failed' && (
        <div className="import-file__report">
          <h4 className="import-file__title" ref={heading} tabIndex={-1}>
            {state.name} was not imported
          </h4>
          <p className="import-file__error">{state.message}</p>
          <div className="import-file__actions">
            {state.retry && (
              <Button variant="primary" onClick={state.retry}>
                Try again
              </Button>
            )}
            <Button onClick={choose}>Choose another file…</Button>
            <Button variant="ghost" onClick={() => setState({ step: 'idle' })}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The report a 422 carries: the file changed nothing, and here is why. */
function readRefusal(body: unknown): ImportReport | null {
  const report = (body as { report?: ImportReport } | undefined)?.report;
  return report && Array.isArray(report.problems) ? report : null;
}
