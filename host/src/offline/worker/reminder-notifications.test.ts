import { describe, expect, it } from '@rstest/core';
import type { ReminderNotice } from '@stride/shared/reminders';
import { actionRequest, reminderOfPush } from './reminder-notifications';

const notice: ReminderNotice = {
  reminder_id: 'r 1',
  task_id: 't1',
  title: 'Call the dentist',
  fire_at: '2030-03-10T12:00:00.000Z',
  due_date: null,
  due_time: null,
  api: 'https://stride.example/api',
};

describe('reminders in the service worker', () => {
  it('reads a reminder from a push message, its known fields only, and nothing else', () => {
    expect(reminderOfPush({ type: 'reminder', notice: { ...notice, extra: '<script>' } })).toEqual(
      notice,
    );
    expect(reminderOfPush({ type: 'other', notice })).toBeNull();
    expect(
      reminderOfPush({ type: 'reminder', notice: { ...notice, api: 'javascript:alert(1)' } }),
    ).toBeNull();
    expect(
      reminderOfPush({ type: 'reminder', notice: { ...notice, title: 'x'.repeat(5000) } }),
    ).toBeNull();
    expect(reminderOfPush(null)).toBeNull();
  });

  it("posts Done and Snooze to the reminder's API with the session's cookie; a plain click posts nothing", async () => {
    const done = actionRequest(notice, 'done');
    expect(done?.url).toBe('https://stride.example/api/reminders/r%201/done/');
    expect(done?.method).toBe('POST');
    expect(done?.credentials).toBe('include');
    expect(await done?.text()).toBe('{}');
    expect(actionRequest(notice, 'snooze')?.url).toBe(
      'https://stride.example/api/reminders/r%201/snooze/',
    );
    expect(actionRequest(notice, '')).toBeNull();
    expect(actionRequest(notice, 'delete')).toBeNull();
  });
});
