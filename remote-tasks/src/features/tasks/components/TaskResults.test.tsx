import { afterEach, describe, expect, it } from '@rstest/core';
import { fakeApi, renderApp, testQueryClient } from '@stride/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { page, task } from '../../../test/render';
import { readView } from '../task-filters';
import { TaskResults } from './TaskResults';

afterEach(cleanup);

/** What the page's first committed frame held (act() would flush any later render before a query). */
let firstFrame = '';
function FirstFrame() {
  useLayoutEffect(() => {
    firstFrame = document.body.textContent ?? '';
  }, []);
  return null;
}

const results = () => (
  <TaskResults
    view={readView(new URLSearchParams())}
    goals={[]}
    editingId={null}
    onEdit={() => {}}
    onClearFilters={() => {}}
  />
);

describe('TaskResults', () => {
  it('draws the first answer once it comes, and an answer already held at once, with no skeleton', async () => {
    fakeApi({ 'GET /tasks/': () => page([task('t1', { title: 'Water the plants' })]) });
    const client = testQueryClient();
    renderApp([{ path: '/tasks', element: results() }], { at: '/tasks', client });
    screen.getByText('Loading tasks');
    await screen.findByText('Water the plants');
    cleanup();
    // Back on the page: the cached list is in the first frame.
    const element = (
      <>
        {results()}
        <FirstFrame />
      </>
    );
    renderApp([{ path: '/tasks', element }], { at: '/tasks', client });
    expect(firstFrame).toContain('Water the plants');
    expect(firstFrame).not.toContain('Loading tasks');
  });
});
