import { afterEach, describe, expect, it } from '@rstest/core';
import { addDays, todayIn } from '@stride/shared/calendar-day';
import { takeOverServerPage, testGoal, testTask } from '@stride/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import firstRequests from '../pages/first-requests.json';
import TasksPage from '../pages/TasksPage';
import { renderPageWithData } from './render';

afterEach(cleanup);

const [tasksRead, goalsRead, labelsRead, viewsRead] = firstRequests.TasksPage as [
  string,
  string,
  string,
  string,
];
const yesterday = addDays(todayIn(), -1);
const goal = testGoal('g1', { title: 'Run a half marathon' });
const label = {
  id: 'l1',
  name: 'errand',
  color: 'teal',
  task_count: 1,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
};
const tasks = [
  testTask('a', {
    title: 'Water the plants',
    due_date: yesterday,
    goal_id: 'g1',
    labels: ['errand'],
    reminders: [{ at: '2030-01-01T09:00:00Z' }],
  }),
  testTask('b', { title: 'Call the bank' }),
];
const answersWith = (goals: { items: unknown[]; next_cursor: string | null }) => ({
  [tasksRead]: { items: tasks, next_cursor: null },
  [goalsRead]: goals,
  [labelsRead]: { items: [label] },
  [viewsRead]: {
    items: [{ id: 'v1', name: 'Errands', query: '@errand', created_at: '', updated_at: '' }],
  },
});
const answers = answersWith({ items: [goal], next_cursor: null });

describe("the tasks page's HTML with the user's data", () => {
  it('is rendered from the answers to exactly the reads its release names', () => {
    expect(Object.keys(answers)).toEqual(firstRequests.TasksPage);
    const rendered = renderPageWithData('TasksPage', answers);
    const html = rendered?.html ?? '';
    expect(html).toContain('Water the plants');
    expect(html).toContain('Call the bank');
    // The goal's name and the label's colour, from their own answers.
    expect(html).toContain('◎ <!-- -->Run a half marathon');
    expect(html).toContain('data-color="teal"');
    // A saved view, from its answer.
    expect(html).toContain('href="/tasks?filter=%40errand"');
    expect(html).not.toContain('Loading tasks');
    // Quick add in a Suspense boundary of its own, so it hydrates in a commit after the page's
    // (QuickAdd.tsx).
    expect(html).toContain('<!--$--><form class="quick-add"');
    // Days wait for the reader's clock and language: the server writes the day as the data has it.
    expect(html).toContain(`Due ${yesterday}`);
    expect(html).not.toContain('Overdue ·');
  });

  it('is not rendered without its answers, with goals still to fetch, nor for another page', () => {
    expect(renderPageWithData('TasksPage', {})).toBeNull();
    expect(
      renderPageWithData('TasksPage', answersWith({ items: [goal], next_cursor: 'more' })),
    ).toBeNull();
    expect(
      renderPageWithData('TasksPage', { ...answers, [tasksRead]: { error: 'no' } }),
    ).toBeNull();
    expect(renderPageWithData('DashboardPage', answers)).toBeNull();
  });

  it('is taken over as it is: no mismatch, nothing asked again, then the days in the reader’s words', async () => {
    const page = await takeOverServerPage(
      <TasksPage />,
      '/tasks',
      renderPageWithData('TasksPage', answers),
    );
    // Hydration kept the server's words; the render after it writes the day in the reader's.
    expect(await screen.findByText(/^Overdue · /)).toBeTruthy();
    expect(screen.getByText(/^Reminders: /)).toBeTruthy();
    page.unmount();
  });
});
