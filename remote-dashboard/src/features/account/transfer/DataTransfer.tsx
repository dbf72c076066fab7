import {
  Button,
  DATA_ACTIONS,
  type DataAction,
  deferredModule,
  logError,
  notify,
} from '@stride/shared';
import type { ExportFormat } from '@stride/shared/contract';
import { useEffect, useRef, useState } from 'react';
import { IMPORT_BUTTON_ID } from './import-button';
import { downloadExport } from './transfer-api';

/** The import (its preview and report) loads when asked for, or once the page has settled. */
export const importFile = deferredModule(() => import('./ImportFile'));

/** The control each action lands on. */
const CONTROL_OF: Record<DataAction, string> = {
  export: 'export-json',
  import: IMPORT_BUTTON_ID,
};

/** What the address asks of this section (`/dashboard#import`, from the palette), if anything. */
export function requestedAction(hash = window.location.hash): DataAction | undefined {
  return DATA_ACTIONS.find((action) => hash === `#${action}`);
}

/**
 * "Your data": every goal and task out as JSON or CSV, and a Stride or
 * Todoist file in. Its words and buttons render at once; the import's own
 * code arrives later, in the same place, without a shift.
 */
export function DataTransfer() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const importer = importFile.useModule();
  const section = useRef<HTMLDivElement>(null);
  const [asked] = useState(requestedAction);

  // Sent here to export or import: the section comes into view with its control in focus
  // (the import's, once its code is here).
  useEffect(() => {
    if (!asked) return;
    if (asked === 'import' && !importer) {
      void importFile.load();
      return;
    }
    section.current?.scrollIntoView?.({ block: 'start' });
    document.getElementById(CONTROL_OF[asked])?.focus();
  }, [asked, importer]);

  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadExport(format);
    } catch (error) {
      logError('Export failed', error);
      notify.error('The export could not be downloaded. Check your connection, then try again.');
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="account__data" ref={section}>
      <h3 className="account__subtitle">Your data</h3>
      <p className="dashboard-panel__note">
        Download every goal and task, with steps, repeats and what you finished: JSON to import into
        Stride again, CSV for a spreadsheet.
      </p>
      <div className="account__data-actions">
        <Button id="export-json" busy={exporting === 'json'} onClick={() => void download('json')}>
          Export JSON
        </Button>
        <Button busy={exporting === 'csv'} onClick={() => void download('csv')}>
          Export CSV
        </Button>
      </div>
      <p className="dashboard-panel__note">
        Import a Stride export (.json) or a Todoist project exported as CSV. You see what it adds
        before anything changes.
      </p>
      {importer ? (
        <importer.ImportFile />
      ) : (
        // The same button, until the import's code is here (a click fetches it).
        <div className="import-file__start">
          <Button id={IMPORT_BUTTON_ID} onClick={() => void importFile.load()}>
            Import a file…
          </Button>
        </div>
      )}
    </div>
  );
}
