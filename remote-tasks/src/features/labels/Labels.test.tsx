// Labels on the Tasks page: the chips of a row, the editor's picker, the
// toolbar's Label filter and the label manager, against a fake API.
import { afterEach, describe, expect, it } from '@rstest/core';
import type { Label } from '@stride/shared/contract';
import { fakeApi, json } from '@stride/shared/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TasksPage from '../../pages/TasksPage';
import { noGoals, page, renderPage, task } from '../../test/render';

afterEach(cleanup);

const label = (name: string, extra: Partial<Label> = {}): Label => ({
  id: `label-${name}`,
  name,
  color: 'grey',
  task_count: 1,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
  ...extra,
});
const labelList = (...labels: Label[]) => json({ items: labels });

describe('labels on the Tasks page', () => {
  it('shows a task’s labels on its row in their colours', async () => {
    fakeApi({
      'GET /goals/': noGoals,
      'GET /labels/': labelList(label('errand', { color: 'teal' }), label('home')),
      'GET /tasks/': () => page([task('a', { labels: ['errand', 'home'] })]),
    });
    renderPage(<TasksPage />);
    const row = (await screen.findAllByTestId('task-row'))[0] as HTMLElement;
    await waitFor(() =>
      expect(
        within(row).getByText('@errand').closest('.label-chip')?.getAttribute('data-color'),
      ).toBe('teal'),
    );
    within(row).getByText('@home');
  });

  it('adds and removes labels in the editor and saves them with the task’s version', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /labels/': labelList(label('errand'), label('home')),
      'GET /tasks/': () => page([task('a', { labels: ['home'], version: 3 })]),
      'PATCH /tasks/a/': ({ body }) => {
        patches.push(body);
        return json({ task: task('a', { labels: ['errand', 'Waiting'], version: 4 }) });
      },
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    const picker = screen.getByRole('group', { name: 'Labels' });
    await user.click(within(picker).getByRole('button', { name: 'Remove label home' }));
    await user.click(await within(picker).findByRole('button', { name: 'Add label errand' }));
    // A new name, typed: Enter adds it and does not save the task.
    await user.type(within(picker).getByLabelText('Add a label'), '@Waiting{Enter}');
    expect(patches).toEqual([]);
    await user.type(within(picker).getByLabelText('Add a label'), 'two words{Enter}');
    within(picker).getByText(/one word/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ labels: ['errand', 'Waiting'], version: 3 }]));
  });

  it('filters the list by a label, in the address', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /labels/': labelList(label('errand')),
      'GET /tasks/': () => page([task('a')]),
    });
    const { router } = renderPage(<TasksPage />);
    await screen.findByText('Task a');
    await waitFor(() => screen.getByRole('option', { name: '@errand' }));
    await user.selectOptions(screen.getByLabelText('Label'), 'errand');
    expect(router.state.location.search).toBe('?label=errand');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('filter')).toBe('@errand'));
  });

  it('makes, renames, recolours and deletes labels in the label manager', async () => {
    const user = userEvent.setup();
    const writes: string[] = [];
    const record =
      (what: string) =>
      ({ body }: { body: unknown }) => {
        writes.push(`${what} ${JSON.stringify(body ?? null)}`);
        return json({ label: label('x'), ok: true });
      };
    fakeApi({
      'GET /goals/': noGoals,
      'GET /labels/': labelList(label('errand', { task_count: 3 })),
      'GET /tasks/': () => page([]),
      'POST /labels/': record('POST'),
      'PATCH /labels/label-errand/': record('PATCH'),
      'DELETE /labels/label-errand/': record('DELETE'),
    });
    renderPage(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Labels' });
    await user.type(within(dialog).getByLabelText('New label'), 'two words');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    within(dialog).getByText(/one word/);
    await user.clear(within(dialog).getByLabelText('New label'));
    await user.type(within(dialog).getByLabelText('New label'), 'home');
    await user.selectOptions(within(dialog).getByLabelText('Colour'), 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));

    const name = await within(dialog).findByLabelText('Name of label errand');
    await user.clear(name);
    await user.type(name, 'shops{Enter}');
    await user.selectOptions(within(dialog).getByLabelText('Colour of label errand'), 'red');
    await user.click(within(dialog).getByRole('button', { name: 'Delete label errand' }));
    within(dialog).getByText(/It comes off 3 tasks/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes).toEqual([
        'POST {"name":"home","color":"blue"}',
        'PATCH {"name":"shops"}',
        'PATCH {"color":"red"}',
        'DELETE null',
      ]),
    );
  });
});
