import { ErrorNotice } from '@stride/shared';
import type { FilterProblem } from '../filter-query';

interface FilterProblemNoticeProps {
  problem: FilterProblem;
  /** The filter as typed. */
  filter: string;
  /** Where the typed filter starts in the query the API read (1 when the Label select wrapped it). */
  offset: number;
}

/** What is wrong with a filter, and where: the typed filter with the spot marked. */
export function FilterProblemNotice({ problem, filter, offset }: FilterProblemNoticeProps) {
  const at = problem.position === undefined ? -1 : problem.position - offset;
  const inside = at >= 0 && at <= filter.length;
  return (
    <ErrorNotice>
      <span>This filter cannot be read: {problem.message}</span>
      {inside && (
        <code className="task-filter__problem">
          {filter.slice(0, at)}
          <mark>{filter.slice(at, at + 1) || ' '}</mark>
          {filter.slice(at + 1)}
          <span className="visually-hidden"> (at character {at + 1})</span>
        </code>
      )}
    </ErrorNotice>
  );
}
