import { afterEach, describe, expect, it } from '@rstest/core';
import { addDays, todayIn } from '@stride/shared/calendar-day';
import { takeOverServerPage } from '@stride/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import firstRequests from '../pages/first-requests.json';
import GoalsPage from '../pages/GoalsPage';
import { makeGoal, page } from '../test/fixtures';
import { renderPageWithData } from './render';

afterEach(cleanup);

const lastWeek = addDays(todayIn(), -7);
const answers = {
  '/goals/?status=active': page([
    makeGoal({ target_date: lastWeek, progress: { done: 2, total: 5 } }),
  ]),
};

describe("the goals page's HTML with the user's data", () => {
  it('is rendered from the answer to exactly the read its release names', () => {
    expect(Object.keys(answers)).toEqual(firstRequests.GoalsPage);
    const html = renderPageWithData('GoalsPage', answers)?.html ?? '';
    expect(html).toContain('Run a half marathon');
    expect(html).toContain('2 of 5 tasks done');
    expect(html).not.toContain('Loading');
    // The day waits for the reader's today and language: the server writes it as the data has it.
    expect(html).toContain(`Target <!-- -->${lastWeek}`);
    expect(html).not.toContain('Was due');
  });

  it('is not rendered without its answer, from an answer that is no list, nor for another page', () => {
    expect(renderPageWithData('GoalsPage', {})).toBeNull();
    expect(
      renderPageWithData('GoalsPage', { '/goals/?status=active': { error: 'no' } }),
    ).toBeNull();
    expect(renderPageWithData('TasksPage', answers)).toBeNull();
  });

  it('is taken over as it is: no mismatch, nothing asked again, then the day in the reader’s words', async () => {
    const view = await takeOverServerPage(
      <GoalsPage />,
      '/goals',
      renderPageWithData('GoalsPage', answers),
    );
    expect((await screen.findByText(/^Was due /)).className).toContain('goal-card__date--overdue');
    view.unmount();
  });
});
