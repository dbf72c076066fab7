import { describe, expect, it } from '@rstest/core';
import { ruleInWords } from './words';

describe('ruleInWords', () => {
  it.each([
    ['FREQ=DAILY', 'every day'],
    ['FREQ=DAILY;INTERVAL=3', 'every 3 days'],
    ['FREQ=WEEKLY', 'every week'],
    ['FREQ=WEEKLY;INTERVAL=2', 'every 2 weeks'],
    ['FREQ=WEEKLY;BYDAY=MO', 'every week on Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,TH', 'every week on Monday and Thursday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,WE,FR', 'every 2 weeks on Tuesday, Wednesday and Friday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday'],
    ['FREQ=WEEKLY;BYDAY=SA,SU', 'every weekend'],
    ['FREQ=MONTHLY', 'every month'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'every month on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=22', 'every month on the 22nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=13', 'every month on the 13th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'every month on the last day'],
    ['FREQ=MONTHLY;BYDAY=3FR', 'every month on the 3rd Friday'],
    ['FREQ=MONTHLY;BYDAY=-1MO', 'every month on the last Monday'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU', 'every 2 months on the 1st Sunday'],
    ['FREQ=MONTHLY;BYDAY=5FR', 'repeats'],
    ['FREQ=YEARLY', 'every year'],
    ['RRULE:FREQ=YEARLY;INTERVAL=2', 'every 2 years'],
    ['FREQ=HOURLY', 'repeats'],
    ['FREQ=YEARLY;BYMONTH=2', 'repeats'],
    ['nonsense', 'repeats'],
  ])('%s reads “%s”', (rule, words) => {
    expect(ruleInWords(rule)).toBe(words);
  });
});

describe('ruleInWords, counted from the day it is done', () => {
  it.each([
    ['FREQ=DAILY;INTERVAL=3', "every 3 days after it's done"],
    ['FREQ=MONTHLY', "every month after it's done"],
    ['FREQ=SECONDLY', 'repeats'],
  ])('%s is “%s”', (rule, words) => {
    expect(ruleInWords(rule, 'done')).toBe(words);
  });
});
