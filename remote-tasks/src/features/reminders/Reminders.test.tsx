// Reminders on the Tasks page: the editor's Reminders section and a row's
// bell, against a fake API; the draft's rules beside them.
import { afterEach, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import { fakeApi, json } from '@stride/shared/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TasksPage from '../../pages/TasksPage';
import { noGoals, page, renderPage, task } from '../../test/render';
import { remindersDraft, remindersOf, suggestedTime, withReminder } from './reminder-draft';

afterEach(cleanup);

describe('reminders on the Tasks page', () => {
  it('lists, removes and adds reminders in the editor, and saves them with the task’s version', async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () =>
        page([
          task('a', {
            due_date: '2030-03-11',
            due_time: '09:00',
            reminders: [{ before_minutes: 30 }, { before_minutes: 1440 }],
            version: 3,
          }),
        ]),
      'PATCH /tasks/a/': ({ body }) => {
        patches.push(body);
        return json({ task: task('a', { version: 4 }) });
      },
    });
    renderPage(<TasksPage />);
    const row = (await screen.findAllByTestId('task-row'))[0] as HTMLElement;
    within(row).getByText('Reminders: 30 min before; 1 day before');
    await user.click(within(row).getByRole('button', { name: 'Task a' }));
    const picker = screen.getByRole('group', { name: 'Reminders' });
    await user.click(within(picker).getByRole('button', { name: 'Remove reminder 1 day before' }));
    await user.selectOptions(within(picker).getByLabelText('Remind me'), '30');
    await user.click(within(picker).getByRole('button', { name: 'Add reminder' }));
    expect(within(picker).getByRole('alert').textContent).toBe('That reminder is already set');
    await user.selectOptions(within(picker).getByLabelText('Remind me'), 'at');
    const time = within(picker).getByLabelText('Reminder time');
    await user.clear(time);
    await user.type(time, '2030-03-11T08:15');
    await user.click(within(picker).getByRole('button', { name: 'Add reminder' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches).toEqual([
        {
          reminders: [{ before_minutes: 30 }, { at: new Date('2030-03-11T08:15').toISOString() }],
          version: 3,
        },
      ]),
    );
  });

  it('a "before" reminder on a task with no due time says it waits for one', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /goals/': noGoals,
      'GET /tasks/': () => page([task('a', { reminders: [{ before_minutes: 15 }] })]),
    });
    renderPage(<TasksPage />);
    await user.click(await screen.findByRole('button', { name: 'Task a' }));
    const picker = screen.getByRole('group', { name: 'Reminders' });
    within(picker).getByText('(needs a due time)');
  });
});

describe('the reminders draft', () => {
  it('round-trips a list through the editor’s string', () => {
    const list = [{ at: '2030-03-11T08:15:00.000Z' }, { before_minutes: 30 }];
    expect(remindersOf(remindersDraft(list))).toEqual(list);
    expect(remindersOf('')).toEqual([]);
  });

  it('adds a reminder once, and no more than a task takes', () => {
    const full = Array.from({ length: LIMITS.remindersPerTask }, (_, i) => ({ before_minutes: i }));
    expect(withReminder(full, { before_minutes: 99 })).toEqual({
      error: `A task takes at most ${LIMITS.remindersPerTask} reminders`,
    });
    expect(
      withReminder([{ at: '2030-03-11T08:15:00Z' }], { at: '2030-03-11T08:15:00.000Z' }),
    ).toEqual({
      error: 'That reminder is already set',
    });
  });

  it('suggests 09:00 on a due day ahead, else the next whole hour', () => {
    const now = new Date(2030, 2, 10, 14, 20);
    expect(suggestedTime('2030-03-12', now)).toBe('2030-03-12T09:00');
    expect(suggestedTime('2030-03-10', now)).toBe('2030-03-10T15:00');
    expect(suggestedTime('', now)).toBe('2030-03-10T15:00');
  });
});
