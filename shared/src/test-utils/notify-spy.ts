import { rs } from '@rstest/core';
import { notify } from '../ui/toasts/notify';

/** Stops error toasts from showing and returns the list their messages go to. */
export function recordErrorToasts(): string[] {
  const messages: string[] = [];
  rs.spyOn(notify, 'error').mockImplementation((message: string) => {
    messages.push(message);
    return '';
  });
  return messages;
}
