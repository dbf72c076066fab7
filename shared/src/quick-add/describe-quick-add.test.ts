import { describe, expect, it } from '@rstest/core';
import { tokenMeaning } from './describe-quick-add';
import { parseQuickAdd } from './parse-quick-add';

// Wednesday 25 November 2026, 10:00 in London.
const NOW = new Date('2026-11-25T10:00:00Z');
/** What each reminder of the line says under the field. */
const reminderWords = (text: string) => {
  const line = parseQuickAdd(text, { now: NOW, timeZone: 'Europe/London' });
  return line.tokens
    .filter((token) => token.kind === 'reminder')
    .map((token) => tokenMeaning(token, line));
};

describe('tokenMeaning of a reminder', () => {
  it.each([
    ['Call remind me 8am', ['Remind at 08:00']],
    ['Call remind me at 6:30pm tomorrow', ['Remind tomorrow at 18:30']],
    ['Call remind today noon', ['Remind today at 12:00']],
    ['Call friday 3pm remind 30m before', ['Remind 30 min before']],
    ['Call friday 3pm remind me 2 hours before', ['Remind 2 h before']],
    ['Call friday 3pm remind me 1 day before', ['Remind 1 day before']],
    ['Call friday 3pm remind at due time', ['Remind at the due time']],
    [
      'Call friday 3pm remind 15 min before remind me 9am',
      ['Remind 15 min before', 'Remind at 09:00'],
    ],
  ])('%s: %j', (text, words) => {
    expect(reminderWords(text)).toEqual(words);
  });

  it('says a reminder before the due time waits for one when the line has none', () => {
    expect(reminderWords('Call friday remind 30m before')).toEqual([
      'Remind 30 min before (needs a due time)',
    ]);
    expect(reminderWords('Call remind me on time')).toEqual([
      'Remind at the due time (needs a due time)',
    ]);
  });

  it('describes the other tokens as before', () => {
    const line = parseQuickAdd('Pay rent tomorrow 9am p1 @bills', {
      now: NOW,
      timeZone: 'Europe/London',
    });
    expect(line.tokens.map((token) => tokenMeaning(token, line))).toEqual([
      expect.stringMatching(/^Due .*, 09:00$/),
      'High priority',
      'Label: bills',
    ]);
  });
});
