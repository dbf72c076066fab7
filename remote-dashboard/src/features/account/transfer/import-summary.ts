// The words of an import's preview, from the server's report.
import { dayLabel } from '@stride/shared/calendar-day';
import type { ImportReport, ImportSample } from '@stride/shared/contract';
import { ruleInWords } from '@stride/shared/recurrence';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 goals and 12 tasks" — what the import adds, in a sentence's words. */
export function addsInWords(report: ImportReport): string {
  const parts = [];
  if (report.goals > 0) parts.push(count(report.goals, 'goal'));
  parts.push(count(report.tasks, 'task'));
  return parts.join(' and ');
}

/** "with 8 steps and 3 finished occurrences", or '' when there are none. */
export function extrasInWords(report: ImportReport): string {
  const parts = [];
  if (report.steps > 0) parts.push(count(report.steps, 'step'));
  if (report.completions > 0) parts.push(count(report.completions, 'finished occurrence'));
  return parts.length > 0 ? `with ${parts.join(' and ')}` : '';
}

/** "Thu 26 Nov, 09:00 · every week on Monday · Home · 2 steps" under a sample task's title. */
export function sampleDetails(sample: ImportSample): string {
  const parts: string[] = [];
  if (sample.due_date) {
    const day = dayLabel(sample.due_date);
    parts.push(sample.due_time ? `${day}, ${sample.due_time}` : day);
  }
  if (sample.repeat) parts.push(ruleInWords(sample.repeat));
  if (sample.goal) parts.push(sample.goal);
  if (sample.steps > 0) parts.push(count(sample.steps, 'step'));
  return parts.join(' · ');
}
