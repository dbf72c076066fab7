// The Tasks page as the specs drive it: its quick add, a task's row, and
// dates in the browser's (and so the signed-in user's) time zone.
import { expect, type Page } from '@playwright/test';
import { paths } from '@stride/shared';
import { expectAppOwnsPage } from './page';

/** `YYYY-MM-DD`, `offsetDays` from today on this machine's calendar. */
export function localDate(offsetDays: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return date.toLocaleDateString('en-CA');
}

export const quickAdd = (page: Page) => page.getByRole('textbox', { name: 'New task' });

/** The row of the task titled exactly `title`. */
export const taskRow = (page: Page, title: string) =>
  page
    .getByTestId('task-row')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });

export async function openTasks(page: Page): Promise<void> {
  await page.goto(paths.tasks);
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expectAppOwnsPage(page);
}
