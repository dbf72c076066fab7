import { Button, deferredModule, logError, notify } from '@stride/shared';
import type { ExportFormat } from '@stride/shared/contract';
import { useEffect, useState } from 'react';
import { downloadExport } from './transfer-api';
import { DATA_ACTION_TARGETS, useDataAction } from './use-data-action';

/**
 * The import (its preview, its problems, its report) loads when the account
 * panel says (once the dashboard has settled, or at a hover or focus on the
 * panel), or at once for `#import`: the section's words and the export buttons are drawn at once,
 * and the import's button takes its place below them without moving them.
 */
const importFile = deferredModule(() => import('./ImportFile'));
export const loadImport = () => void importFile.load();

/** "Your data": every goal and task out as JSON or CSV, and a Stride or Todoist file in. */
export function DataTransfer() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const importer = importFile.useModule();
  const action = useDataAction({ export: true, import: importer !== undefined });
  useEffect(() => {
    if (action === 'import') loadImport();
  }, [action]);

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
    <div className="account__data">
      <h3 className="account__subtitle">Your data</h3>
      <p className="dashboard-panel__note">
        Download every goal and task, with steps, repeats and what you finished: JSON to import into
        Stride again, CSV for a spreadsheet.
      </p>
      <div className="account__data-actions">
        <Button
          id={DATA_ACTION_TARGETS.export}
          busy={exporting === 'json'}
          onClick={() => void download('json')}
        >
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
        // Keeps the import button's place; the button itself arrives with its module.
        <div className="import-file import-file--pending" aria-hidden="true" />
      )}
    </div>
  );
}
