import type { TaskInput } from '../contract';
import type { QuickAdd } from './quick-add-types';

/**
 * The task a read line asks for, as the API takes it: only what the line
 * set, so an unset field keeps the API's default. The one place a line
 * becomes a task (the Tasks page's quick add, a goal's add form); a caller
 * fills what the line left out (its list's goal, its view's day) after.
 */
export function taskInputOf(line: QuickAdd): TaskInput {
  const input: TaskInput = { title: line.title };
  if (line.due_date) input.due_date = line.due_date;
  if (line.due_time) input.due_time = line.due_time;
  if (line.priority) input.priority = line.priority;
  if (line.repeat) input.repeat = line.repeat;
  if (line.repeat && line.repeat_from === 'done') input.repeat_from = 'done';
  if (line.goal_id) input.goal_id = line.goal_id;
  if (line.labels.length > 0) input.labels = line.labels;
  if (line.reminders.length > 0) input.reminders = line.reminders;
  return input;
}
