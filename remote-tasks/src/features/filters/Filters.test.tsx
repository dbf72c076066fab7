// The filter language on the Tasks page: applied from the toolbar, joined
// with the Label select, a query the API cannot read shown with its spot
// marked, and saved views (against a fake API).
import { afterEach, describe, expect, it } from '@rstest/core';
import type { TaskView as SavedView } from '@stride/shared/contract';
import { type ApiCall, fakeApi, json } from '@stride/shared/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import commands from '../../commands';
import TasksPage from '../../pages/TasksPage';
import { noGoals, page, renderPage, task } from '../../test/render';

afterEach(cleanup);

const saved = (name: string, query: string): SavedView => ({
  id: `view-${name}`,
  name,
  query,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
});
const listFilters = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.pathname.endsWith('/tasks/'))
    .map((call) => call.url.searchParams.get('filter'));

describe('the filter language', () => {
  it('runs a filter once it is applied, joined with the Label select', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /labels/': json({ items: [] }),
      'GET /tasks/': () => page([task('a')]),
    });
    const { router } = renderPage(<TasksPage />, '/tasks?label=errand');
    await screen.findByText('Task a');
    await user.type(screen.getByLabelText('Filter'), 'p1 | overdue');
    // Nothing runs half-typed.
    expect(listFilters(calls)).toEqual(['@errand']);
    await user.keyboard('{Enter}');
    expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('p1 | overdue');
    await waitFor(() => expect(listFilters(calls).at(-1)).toBe('(p1 | overdue) & @errand'));
  });

  it('says what is wrong with a filter and marks where', async () => {
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': json(
        {
          error: 'Unknown term “tody”',
          code: 'invalid_filter',
          position: 0,
          fields: { filter: 'Unknown term “tody”' },
        },
        400,
      ),
    });
    renderPage(<TasksPage />, `/tasks?filter=${encodeURIComponent('tody & p1')}`);
    const notice = await screen.findByRole('alert');
    within(notice).getByText(/This filter cannot be read: Unknown term “tody”/);
    expect(notice.querySelector('mark')?.textContent).toBe('t');
    within(notice).getByText('(at character 1)');
    // What was typed stays in the field to be mended.
    expect(screen.getByLabelText('Filter')).toHaveProperty('value', 'tody & p1');
  });

  it('saves a filter as a view, lists it beside the page’s views, and deletes it', async () => {
    const user = userEvent.setup();
    let views: SavedView[] = [];
    const { calls } = fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task('a')]),
      'GET /views/': () => json({ items: views }),
      'POST /views/': ({ body }) => {
        const { name, query } = body as { name: string; query: string };
        views = [saved(name, query)];
        return json({ view: views[0] }, 201);
      },
      'DELETE /views/view-Urgent/': () => {
        views = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPage(<TasksPage />, `/tasks?filter=${encodeURIComponent('p1 | overdue')}`);
    await screen.findByText('Task a');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await user.type(screen.getByLabelText('Name of the view'), 'Urgent{Enter}');
    const nav = screen.getByRole('navigation', { name: 'Task views' });
    const link = await within(nav).findByRole('link', { name: 'Urgent' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Urgent',
      query: 'p1 | overdue',
    });
    await user.click(screen.getByRole('button', { name: 'Delete view “Urgent”' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Urgent' })).toBeNull());
  });

  it('gives the palette each saved view, opening the Tasks page with its filter', async () => {
    fakeApi({ 'GET /views/': json({ items: [saved('Errands', '@errand & !@waiting')] }) });
    const listed = (await commands.listed?.(new AbortController().signal)) ?? [];
    expect(listed.map((command) => command.label)).toEqual(['View: Errands']);
    const went: string[] = [];
    await listed[0]?.run({ navigate: (to) => went.push(to) });
    expect(went).toHaveLength(1);
    const [path, search] = (went[0] ?? '').split('?');
    expect(path).toBe('/tasks');
    expect(new URLSearchParams(search).get('filter')).toBe('@errand & !@waiting');
  });
});
