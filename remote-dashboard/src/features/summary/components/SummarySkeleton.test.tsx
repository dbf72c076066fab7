import { afterEach, describe, expect, it } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import { renderDashboard } from '../../../test/render';
import { SUMMARY_CARDS } from '../card-links';
import { CHART_HEIGHT } from './CompletionsChart';
import { SummarySkeleton } from './SummarySkeleton';

afterEach(cleanup);

describe('SummarySkeleton', () => {
  it('is one status to assistive technology, with nothing to reach by keyboard', () => {
    renderDashboard(<SummarySkeleton />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Loading your dashboard');
    // The blanked layout is hidden and inert: no headings, links or progress bars are exposed.
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(screen.queryAllByRole('progressbar')).toEqual([]);
    expect(status.querySelector('[aria-hidden="true"][inert]')).not.toBeNull();
  });

  it('lays out the summary it stands in for: the four cards and a chart of the real height', () => {
    const { container } = renderDashboard(<SummarySkeleton />);
    const labels = [...container.querySelectorAll('.summary-card__label')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(SUMMARY_CARDS.map((card) => card.label));
    const chart = container.querySelector<HTMLElement>('.summary-skeleton__block');
    expect(chart?.style.height).toBe(`${CHART_HEIGHT}px`);
    expect(container.querySelectorAll('.goal-list__item').length).toBeGreaterThan(0);
  });
});
