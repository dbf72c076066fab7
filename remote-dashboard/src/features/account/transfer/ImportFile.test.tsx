import { afterEach, describe, expect, it } from '@rstest/core';
import { MESSAGES } from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import type { ImportReport } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { renderDashboard } from '../../../test/render';
import { ImportFile } from './ImportFile';

afterEach(() => {
  cleanup();
  toast.remove();
});

const report = (fields: Partial<ImportReport> = {}): ImportReport => ({
  source: 'todoist-csv',
  goals: 1,
  tasks: 2,
  steps: 1,
  completions: 0,
  problems: [],
  problem_count: 0,
  sample: [
    {
      title: 'Fix the tap',
      due_date: '2030-03-12',
      due_time: '09:00',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      goal: 'Home',
      steps: 1,
    },
  ],
  applied: false,
  ...fields,
});

const CSV = 'TYPE,CONTENT\ntask,Fix the tap\n';

function choose(content = CSV, name = 'home.csv') {
  const input = screen.getByTestId('import-file-input');
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

describe('ImportFile', () => {
  it('previews the file, writes nothing until Import, then says what it added', async () => {
    const { calls } = stubFetch(json(report()), json(report({ applied: true })));
    renderDashboard(<ImportFile />);
    choose();
    const heading = await screen.findByRole('heading', { name: 'Ready to import home.csv' });
    // The focus moves in an effect after the preview renders: wait for it, not for a clock.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    screen.getByText('1 goal and 2 tasks');
    screen.getByText(`${dayLabel('2030-03-12')}, 09:00 · every week on Monday · Home · 1 step`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toMatch(/\/import\/preview\/$/);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ content: CSV });

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 goal and 2 tasks' }));
    // In the panel's own status line (and in a toast).
    await screen.findByText('Imported 1 goal and 2 tasks from home.csv.', {
      selector: '.import-file__status',
    });
    expect(calls[1]?.url).toMatch(/\/import\/$/);
  });

  it('lists every problem with its line, and offers no import', async () => {
    stubFetch(
      json(
        report({
          problems: [
            { where: 'Line 4', message: 'The date “whenever” cannot be read' },
            { where: 'Line 9', message: 'A note needs a task above it' },
          ],
          problem_count: 102,
        }),
      ),
    );
    renderDashboard(<ImportFile />);
    choose();
    await screen.findByRole('heading', { name: 'home.csv can’t be imported' });
    screen.getByText(/Nothing was imported\. Fix these 102 problems/);
    expect(screen.getByText('Line 4').parentElement?.textContent).toBe(
      'Line 4 The date “whenever” cannot be read',
    );
    screen.getByText('…and 100 more.');
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
  });

  it('says when the server cannot be reached, and tries the same file again', async () => {
    const { calls } = stubFetch(networkError(), json(report()));
    renderDashboard(<ImportFile />);
    choose();
    await screen.findByRole('heading', { name: 'home.csv was not imported' });
    screen.getByText(`${MESSAGES.networkError} Nothing was imported.`);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Ready to import home.csv' });
    expect(calls.map((call) => call.body)).toEqual([calls[0]?.body, calls[0]?.body]);
  });

  it('gives the server’s reason for a file it refuses, and no retry that cannot help', async () => {
    stubFetch(json({ error: 'Text may not contain NUL characters', code: 'invalid_input' }, 400));
    renderDashboard(<ImportFile />);
    choose('PK\u0003\u0004\u0000\u0000binary', 'photos.zip');
    await screen.findByRole('heading', { name: 'photos.zip was not imported' });
    screen.getByText(
      'The server refused this file: Text may not contain NUL characters. Nothing was imported.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    screen.getByRole('button', { name: 'Choose another file…' });
  });

  it('offers to try again when the server failed', async () => {
    stubFetch(json({ error: 'Service unavailable', code: 'database_unavailable' }, 503));
    renderDashboard(<ImportFile />);
    choose();
    await screen.findByText(/failed on the server/);
    screen.getByRole('button', { name: 'Try again' });
  });

  it('shows the problems a refused import answers with', async () => {
    const refused = report({ problems: [{ where: 'Line 2', message: 'Bad' }], problem_count: 1 });
    stubFetch(
      json(report()),
      json({ error: 'The file has problems', code: 'import_invalid', report: refused }, 422),
    );
    renderDashboard(<ImportFile />);
    choose();
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 goal and 2 tasks' }));
    await screen.findByRole('heading', { name: 'home.csv can’t be imported' });
    screen.getByText(/Fix this problem/);
  });

  it('refuses a file larger than one import before sending it', async () => {
    stubFetch(); // any request would fail the test
    renderDashboard(<ImportFile />);
    choose('x'.repeat(LIMITS.importChars + 1));
    await screen.findByText(/larger than one import takes \(10 million characters\)/);
  });
});
