import { afterEach, describe, expect, it } from '@rstest/core';
import { takeOverServerPage } from '@stride/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import DashboardPage from '../pages/DashboardPage';
import firstRequests from '../pages/first-requests.json';
import { summary } from '../test/fixtures';
import { renderPageWithData } from './render';

afterEach(cleanup);

const goal = {
  id: 'g1',
  title: 'Run a half marathon',
  status: 'active' as const,
  target_date: '2025-12-31',
  progress: { done: 1, total: 4 },
};
const answers = { '/dashboard/': summary({ goals: [goal] }) };

describe("the dashboard's HTML with the user's data", () => {
  it('is rendered from the answers to exactly the reads its release names', () => {
    expect(Object.keys(answers)).toEqual(firstRequests.DashboardPage);
    const rendered = renderPageWithData('DashboardPage', answers);
    expect(rendered?.html).toContain('Run a half marathon');
    expect(rendered?.html).not.toContain('Loading your dashboard');
    // The welcome line's place is kept for the name, which comes with the user.
    expect(rendered?.html).toContain(
      '<p class="dashboard__welcome" data-testid="signed-in-as">\u00a0</p>',
    );
    // Dates wait for the browser's language: the server writes none in words.
    expect(rendered?.html).not.toContain('Target');
    expect(rendered?.html).toContain('<th scope="row">2025-11-05</th>');
  });

  it('is not rendered without its answers, nor for another page', () => {
    expect(renderPageWithData('DashboardPage', {})).toBeNull();
    expect(renderPageWithData('TasksPage', answers)).toBeNull();
  });

  it('is taken over as it is: no mismatch, nothing asked again, then the dates in the browser’s words', async () => {
    const page = await takeOverServerPage(
      <DashboardPage />,
      '/dashboard',
      renderPageWithData('DashboardPage', answers),
    );
    // Hydration kept the server's words; the render after it writes the dates.
    expect(screen.getByText(/Target/).textContent).toContain('Dec');
    page.unmount();
  });
});
