import { Button, logError, notify } from '@stride/shared';
import type { ExportFormat } from '@stride/shared/contract';
import { useState } from 'react';
import { ImportFile } from './ImportFile';
import { downloadExport } from './transfer-api';

/** "Your data": every goal and task out as JSON or CSV, and a Stride or Todoist file in. */
export function DataTransfer() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

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
        <Button busy={exporting === 'json'} onClick={() => void download('json')}>
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
      <ImportFile />
    </div>
  );
}
