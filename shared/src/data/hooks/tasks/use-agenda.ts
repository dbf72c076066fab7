import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';

/** The Upcoming view's days: undone tasks due in the next 14 days, and repeating tasks' later days. */
export function useAgenda() {
  return useQuery({
    queryKey: queryKeys.tasks.agenda,
    queryFn: ({ signal }) => tasksApi.agenda(signal),
  });
}
