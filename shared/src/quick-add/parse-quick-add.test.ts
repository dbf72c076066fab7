import { describe, expect, it } from '@rstest/core';
import { parseQuickAdd, readDueText } from './parse-quick-add';
import { plainLine, type QuickAdd } from './quick-add-types';

const goals = [
  { id: 'g-home', title: 'Home' },
  { id: 'g-run', title: 'Run a half marathon' },
  { id: 'g-books', title: 'Read 12 books' },
  { id: 'g-health', title: 'Health' },
];
// Wednesday 25 November 2026, 10:00 in London (GMT, no daylight saving).
const NOW = new Date('2026-11-25T10:00:00Z');
const parse = (text: string, literal: string[] = []) =>
  parseQuickAdd(text, { now: NOW, timeZone: 'Europe/London', goals, literal });

type Expected = Partial<Omit<QuickAdd, 'tokens'>> & { title: string };
/** A line read as nothing but its title, less the title and tokens each case names. */
const { title: _title, tokens: _tokens, ...plain } = plainLine('');

// [typed, what the task should be]; fields left out are null.
const PHRASES: [string, Expected][] = [
  // The examples.
  [
    'Pay rent tomorrow 9am p1 #Home',
    {
      title: 'Pay rent',
      due_date: '2026-11-26',
      due_time: '09:00',
      priority: 'high',
      goal_id: 'g-home',
    },
  ],
  ['Write the launch post tomorrow', { title: 'Write the launch post', due_date: '2026-11-26' }],
  ['Call the bank p1', { title: 'Call the bank', priority: 'high' }],
  // Dates.
  ['Submit report by friday', { title: 'Submit report', due_date: '2026-11-27' }],
  ['call mom on monday at 5pm', { title: 'call mom', due_date: '2026-11-30', due_time: '17:00' }],
  ['Meet Sam in 3 days', { title: 'Meet Sam', due_date: '2026-11-28' }],
  ['Plan next week', { title: 'Plan', due_date: '2026-12-02' }],
  ['Renew passport dec 3', { title: 'Renew passport', due_date: '2026-12-03' }],
  ['Renew passport 12/3', { title: 'Renew passport', due_date: '2026-12-03' }],
  // A month and day with words after it (chrono's match ran into the spaces before them).
  [
    'Submit tax return by dec 3 p1',
    { title: 'Submit tax return', due_date: '2026-12-03', priority: 'high' },
  ],
  ['Tax dec 3 #Home', { title: 'Tax', due_date: '2026-12-03', goal_id: 'g-home' }],
  ['Tax dec 3rd p1', { title: 'Tax', due_date: '2026-12-03', priority: 'high' }],
  ['Call the bank 3 dec', { title: 'Call the bank', due_date: '2026-12-03' }],
  [
    'Call the bank 3 dec p2',
    { title: 'Call the bank', due_date: '2026-12-03', priority: 'medium' },
  ],
  ['Party december 3rd at 5pm', { title: 'Party', due_date: '2026-12-03', due_time: '17:00' }],
  [
    'Renew passport december 3rd p3',
    { title: 'Renew passport', due_date: '2026-12-03', priority: 'low' },
  ],
  ['Pay rent on the 1st', { title: 'Pay rent', due_date: '2026-12-01' }],
  ['Pay rent on the 25th p1', { title: 'Pay rent', due_date: '2026-11-25', priority: 'high' }],
  ['Pay rent by the 31st', { title: 'Pay rent', due_date: '2026-12-31' }],
  ['Meet on the 3rd floor', { title: 'Meet on the 3rd floor' }],
  ['Read the 3rd chapter', { title: 'Read the 3rd chapter' }],
  ['Gym tonight', { title: 'Gym', due_date: '2026-11-25' }],
  ['Finish by end of month', { title: 'Finish', due_date: '2026-11-30' }],
  ['standup 10:30', { title: 'standup', due_date: '2026-11-25', due_time: '10:30' }],
  ['Read chapter 11 on sat', { title: 'Read chapter 11', due_date: '2026-11-28' }],
  ['Book flights jan 15 2027', { title: 'Book flights', due_date: '2027-01-15' }],
  ['lunch noon', { title: 'lunch', due_date: '2026-11-25', due_time: '12:00' }],
  [
    'Call dentist Tomorrow 2pm',
    { title: 'Call dentist', due_date: '2026-11-26', due_time: '14:00' },
  ],
  ['Meeting at 3pm', { title: 'Meeting', due_date: '2026-11-25', due_time: '15:00' }],
  [
    'Lunch with Kate at midnight',
    { title: 'Lunch with Kate', due_date: '2026-11-26', due_time: '00:00' },
  ],
  [
    'Order 3 pizzas for 7pm tomorrow',
    { title: 'Order 3 pizzas', due_date: '2026-11-26', due_time: '19:00' },
  ],
  // Priorities and goals.
  ['Ship it today p3', { title: 'Ship it', due_date: '2026-11-25', priority: 'low' }],
  ['P1 fix login bug', { title: 'fix login bug', priority: 'high' }],
  ['Fix login bug p1 p2', { title: 'Fix login bug p2', priority: 'high' }],
  ['Pay #Home tax 12/3', { title: 'Pay tax', due_date: '2026-12-03', goal_id: 'g-home' }],
  ['Read #Read12Books', { title: 'Read', goal_id: 'g-books' }],
  ['Stretch #health', { title: 'Stretch', goal_id: 'g-health' }],
  ['Intervals #run p2', { title: 'Intervals', priority: 'medium', goal_id: 'g-run' }],
  // Repeats: the first due date is the rule's first day from today (from
  // tomorrow when the typed time has passed: it is 10:00).
  [
    'Water plants every monday',
    { title: 'Water plants', due_date: '2026-11-30', repeat: 'FREQ=WEEKLY;BYDAY=MO' },
  ],
  [
    'Stand-up every weekday 9:30am',
    {
      title: 'Stand-up',
      due_date: '2026-11-26',
      due_time: '09:30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    },
  ],
  [
    'Pay rent every month on the 1st',
    { title: 'Pay rent', due_date: '2026-12-01', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1' },
  ],
  [
    'Review budget every 2 weeks',
    { title: 'Review budget', due_date: '2026-11-25', repeat: 'FREQ=WEEKLY;INTERVAL=2' },
  ],
  [
    'Renew domain every year',
    { title: 'Renew domain', due_date: '2026-11-25', repeat: 'FREQ=YEARLY' },
  ],
  ['Take vitamins daily', { title: 'Take vitamins', due_date: '2026-11-25', repeat: 'FREQ=DAILY' }],
  // Counted from the day it is done, as Todoist's "every!".
  [
    'Water the plants every! 3 days',
    {
      title: 'Water the plants',
      due_date: '2026-11-25',
      repeat: 'FREQ=DAILY;INTERVAL=3',
      repeat_from: 'done',
    },
  ],
  [
    'Get a haircut every! month',
    { title: 'Get a haircut', due_date: '2026-11-25', repeat: 'FREQ=MONTHLY', repeat_from: 'done' },
  ],
  [
    'Clean every other week',
    { title: 'Clean', due_date: '2026-11-25', repeat: 'FREQ=WEEKLY;INTERVAL=2' },
  ],
  [
    'Team sync every mon and thu',
    { title: 'Team sync', due_date: '2026-11-26', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH' },
  ],
  [
    'Long run every saturday #run p2',
    {
      title: 'Long run',
      due_date: '2026-11-28',
      priority: 'medium',
      goal_id: 'g-run',
      repeat: 'FREQ=WEEKLY;BYDAY=SA',
    },
  ],
  [
    'Backup every month on the last day',
    { title: 'Backup', due_date: '2026-11-30', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1' },
  ],
  // A weekday of each month, not "the 3rd" and a Friday.
  [
    'Book club every 3rd friday',
    { title: 'Book club', due_date: '2026-12-18', repeat: 'FREQ=MONTHLY;BYDAY=3FR' },
  ],
  [
    'Review every last monday of the month',
    { title: 'Review', due_date: '2026-11-30', repeat: 'FREQ=MONTHLY;BYDAY=-1MO' },
  ],
  [
    'Call mum every month on the first sunday',
    { title: 'Call mum', due_date: '2026-12-06', repeat: 'FREQ=MONTHLY;BYDAY=1SU' },
  ],
  [
    'Yoga every weekend',
    { title: 'Yoga', due_date: '2026-11-28', repeat: 'FREQ=WEEKLY;BYDAY=SA,SU' },
  ],
  // Words that must stay words.
  ['Read 1984', { title: 'Read 1984' }],
  ['May the 4th party', { title: 'May the 4th party' }],
  ['Dinner at 7', { title: 'Dinner at 7' }],
  ['Buy 2 apples', { title: 'Buy 2 apples' }],
  ['Catch up with March', { title: 'Catch up with March' }],
  ['Watch Friday Night Lights', { title: 'Watch Friday Night Lights' }],
  ['Sprint 2', { title: 'Sprint 2' }],
  ['Pay 50 for lunch', { title: 'Pay 50 for lunch' }],
  ['Buy milk p4', { title: 'Buy milk p4' }],
  ['Email #Unknown tomorrow', { title: 'Email #Unknown', due_date: '2026-11-26' }],
  ['Read #books every day', { title: 'Read #books', due_date: '2026-11-25', repeat: 'FREQ=DAILY' }],
  ['Everyday carry kit', { title: 'Everyday carry kit' }],
  // Nothing but tokens: the words are the title.
  ['tomorrow p1', { title: 'tomorrow p1' }],
];

describe('parseQuickAdd', () => {
  it('has a table of at least 40 phrases', () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PHRASES)('%s', (typed, expected) => {
    const { tokens: _, ...task } = parse(typed);
    expect(task).toEqual({ ...plain, ...expected });
  });

  it('returns each recognised part as a token over the typed text, in order', () => {
    const typed = 'Pay rent tomorrow 9am p1 #Home';
    const { tokens } = parse(typed);
    expect(tokens.map(({ kind, text }) => [kind, text])).toEqual([
      ['date', 'tomorrow 9am'],
      ['priority', 'p1'],
      ['goal', '#Home'],
    ]);
    for (const token of tokens) expect(typed.slice(token.start, token.end)).toBe(token.text);
  });

  it('keeps a token the user chose to keep as words', () => {
    expect(parse('Pay rent tomorrow 9am p1', ['p1'])).toMatchObject({
      title: 'Pay rent p1',
      priority: null,
      due_date: '2026-11-26',
    });
    expect(parse('Submit report by friday', ['by friday'])).toMatchObject({
      title: 'Submit report by friday',
      due_date: null,
    });
    // Nothing inside kept words is read: not the repeat, nor the weekday in it.
    expect(parse('Water plants every monday', ['every monday'])).toMatchObject({
      title: 'Water plants every monday',
      repeat: null,
      due_date: null,
    });
  });

  it('reads dates on the wall clock of the user’s time zone', () => {
    // 23:30 UTC on Wednesday is already Thursday morning in Tokyo…
    const late = new Date('2026-11-25T23:30:00Z');
    expect(
      parseQuickAdd('Call home tomorrow', { now: late, timeZone: 'Asia/Tokyo' }).due_date,
    ).toBe('2026-11-27');
    // …and still Wednesday afternoon in Los Angeles.
    expect(
      parseQuickAdd('Call home tomorrow', { now: late, timeZone: 'America/Los_Angeles' }).due_date,
    ).toBe('2026-11-26');
  });

  it('keeps the typed time across a change to daylight saving time', () => {
    // London moves its clocks forward at 01:00 on Sunday 29 March 2026.
    const saturday = new Date('2026-03-28T12:00:00Z');
    expect(
      parseQuickAdd('Run tomorrow 9am', { now: saturday, timeZone: 'Europe/London' }),
    ).toMatchObject({ due_date: '2026-03-29', due_time: '09:00' });
  });

  it('falls back to the runtime’s zone for a zone it does not know', () => {
    expect(() =>
      parseQuickAdd('Run tomorrow', { now: NOW, timeZone: 'Mars/Olympus' }),
    ).not.toThrow();
  });
});

describe('a goal named by #', () => {
  const named = [
    { id: 'g-run', title: 'Run' },
    { id: 'g-half', title: 'Run a half marathon' },
    { id: 'g-spanish', title: 'Learn Spanish' },
  ];
  const read = (text: string) =>
    parseQuickAdd(text, { now: NOW, timeZone: 'Europe/London', goals: named });

  it.each([
    ['Buy running shoes #Run a half marathon', 'Buy running shoes', 'g-half'],
    ['Buy running shoes #Run', 'Buy running shoes', 'g-run'],
    ['Buy running shoes #Run tomorrow', 'Buy running shoes', 'g-run'],
    ['#Learn Spanish Spanish vocab', 'Spanish vocab', 'g-spanish'],
    ['Spanish vocab #Learn Spanish p1', 'Spanish vocab', 'g-spanish'],
    ['Spanish vocab #learn-spanish', 'Spanish vocab', 'g-spanish'],
    ['Spanish vocab #Learn', 'Spanish vocab', 'g-spanish'],
  ])('%s is “%s” in the longest goal the words allow', (text, title, goal) => {
    expect(read(text)).toMatchObject({ title, goal_id: goal });
  });

  it('keeps a #word that names no goal as words', () => {
    expect(read('Pack #Holiday bag')).toMatchObject({ title: 'Pack #Holiday bag', goal_id: null });
  });
});

describe('labels named by @', () => {
  it.each([
    ['Buy milk @errand', 'Buy milk', ['errand']],
    ['@errand Buy milk tomorrow @Home', 'Buy milk', ['errand', 'Home']],
    ['Buy milk @errand, eggs', 'Buy milk, eggs', ['errand']],
    ['Call @waiting-on-Sam p1', 'Call', ['waiting-on-Sam']],
    ['Buy milk @errand @Errand', 'Buy milk', ['errand']],
  ])('%s is “%s” with labels %j', (text, title, labels) => {
    expect(parse(text)).toMatchObject({ title, labels });
  });

  it('reads no label inside a word or an address', () => {
    expect(parse('Email bob@example.com')).toMatchObject({
      title: 'Email bob@example.com',
      labels: [],
    });
    expect(parse('Meet @ noon')).toMatchObject({ labels: [] });
  });

  it('marks each label as a token, and keeps one the user chose to keep as words', () => {
    expect(parse('Buy milk @errand').tokens).toEqual([
      { kind: 'label', start: 9, end: 16, text: '@errand' },
    ]);
    expect(parse('Tweet @stride', ['@stride'])).toMatchObject({
      title: 'Tweet @stride',
      labels: [],
    });
  });

  it('takes at most a task’s labels; the rest stay words', () => {
    const words = Array.from({ length: 12 }, (_, i) => `@l${i}`).join(' ');
    const line = parse(`Sort ${words}`);
    expect(line.labels).toHaveLength(10);
    expect(line.title).toBe('Sort @l10 @l11');
  });
});

describe('readDueText (a due date on its own, as Todoist exports it)', () => {
  const read = (text: string) => readDueText(text, { now: NOW, timeZone: 'Europe/London' });

  it.each([
    ['Oct 5 2026', { due_date: '2026-10-05', due_time: null, repeat: null, repeat_from: 'due' }],
    [
      '2026-12-06 15:30',
      { due_date: '2026-12-06', due_time: '15:30', repeat: null, repeat_from: 'due' },
    ],
    [
      'every monday at 9am',
      {
        due_date: '2026-11-30',
        due_time: '09:00',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        repeat_from: 'due',
      },
    ],
    [
      'every day',
      { due_date: '2026-11-25', due_time: null, repeat: 'FREQ=DAILY', repeat_from: 'due' },
    ],
    [
      'every! 2 weeks',
      {
        due_date: '2026-11-25',
        due_time: null,
        repeat: 'FREQ=WEEKLY;INTERVAL=2',
        repeat_from: 'done',
      },
    ],
    [
      'next tuesday at noon',
      { due_date: '2026-12-01', due_time: '12:00', repeat: null, repeat_from: 'due' },
    ],
    // A moment with its offset, on the user's wall clock (London: UTC+1 in August).
    [
      '2026-08-13T18:30:00-05:00',
      { due_date: '2026-08-14', due_time: '00:30', repeat: null, repeat_from: 'due' },
    ],
    [
      '2026-08-13T18:30:00Z',
      { due_date: '2026-08-13', due_time: '19:30', repeat: null, repeat_from: 'due' },
    ],
    [
      '2026-12-01T09:15+0530',
      { due_date: '2026-12-01', due_time: '03:45', repeat: null, repeat_from: 'due' },
    ],
    [
      '2026-12-01T09:15:00.250Z',
      { due_date: '2026-12-01', due_time: '09:15', repeat: null, repeat_from: 'due' },
    ],
  ])('reads “%s”', (text, due) => {
    expect(read(text)).toEqual(due);
  });

  it.each([
    'whenever it suits',
    'every hour',
    'tomorrow p1',
    'tomorrow #Home',
    '',
    '2026-13-01T09:00:00Z',
    '2026-12-01T25:00:00Z',
  ])('refuses “%s”, which is not only a date', (text) => {
    expect(read(text)).toBeNull();
  });
});

describe('reminders', () => {
  // NOW is 10:00 in London on Wednesday 25 November 2026 (GMT = UTC).
  it.each([
    // An absolute time with no due date: its next coming (08:00 has passed, 18:00 has not).
    ['Call mum remind me 8am', 'Call mum', [{ at: '2026-11-26T08:00:00.000Z' }]],
    ['Call mum remind 18:00', 'Call mum', [{ at: '2026-11-25T18:00:00.000Z' }]],
    ['Call mum remind me at 8:30', 'Call mum', [{ at: '2026-11-26T08:30:00.000Z' }]],
    ['Call mum Remind Me At 9:15 PM', 'Call mum', [{ at: '2026-11-25T21:15:00.000Z' }]],
    ['Call mum remind me at noon', 'Call mum', [{ at: '2026-11-25T12:00:00.000Z' }]],
    ['Call mum remind me 12am', 'Call mum', [{ at: '2026-11-26T00:00:00.000Z' }]],
    // A day typed in the phrase wins.
    ['Call mum remind me at 8am tomorrow', 'Call mum', [{ at: '2026-11-26T08:00:00.000Z' }]],
    ['Call mum remind me today at 11am', 'Call mum', [{ at: '2026-11-25T11:00:00.000Z' }]],
    ['Call mum remind me tomorrow 7pm', 'Call mum', [{ at: '2026-11-26T19:00:00.000Z' }]],
    // Minutes before the due time.
    ['Call mum remind 30m before', 'Call mum', [{ before_minutes: 30 }]],
    ['Call mum remind me 1h before', 'Call mum', [{ before_minutes: 60 }]],
    ['Call mum remind me 2 hours before', 'Call mum', [{ before_minutes: 120 }]],
    ['Call mum remind 15 min before', 'Call mum', [{ before_minutes: 15 }]],
    ['Call mum remind 90 mins before', 'Call mum', [{ before_minutes: 90 }]],
    ['Call mum remind me 1 day before', 'Call mum', [{ before_minutes: 1440 }]],
    ['Call mum remind me 1 week before', 'Call mum', [{ before_minutes: 10_080 }]],
    ['Call mum remind at due time', 'Call mum', [{ before_minutes: 0 }]],
    ['Call mum remind me at the due time', 'Call mum', [{ before_minutes: 0 }]],
    ['Call mum remind me on time', 'Call mum', [{ before_minutes: 0 }]],
    // Anywhere in the line, beside other tokens.
    ['remind me 1h before Call mum p1', 'Call mum', [{ before_minutes: 60 }]],
    [
      'Call mum remind 30m before, remind me 8am',
      'Call mum',
      [{ before_minutes: 30 }, { at: '2026-11-26T08:00:00.000Z' }],
    ],
  ])('%s', (typed, title, reminders) => {
    expect(parse(typed)).toMatchObject({ title, reminders });
  });

  it('puts a time on the task’s due date when the line has one', () => {
    expect(parse('Dentist friday 3pm remind me 9am')).toMatchObject({
      title: 'Dentist',
      due_date: '2026-11-27',
      due_time: '15:00',
      reminders: [{ at: '2026-11-27T09:00:00.000Z' }],
    });
    // A weekday after the phrase is the task's due date, and so the reminder's day.
    expect(parse('Dentist remind me 9am friday')).toMatchObject({
      title: 'Dentist',
      due_date: '2026-11-27',
      due_time: null,
      reminders: [{ at: '2026-11-27T09:00:00.000Z' }],
    });
    // Even a time that is past today, on a task due today.
    expect(parse('Dentist today remind me 8am')).toMatchObject({
      due_date: '2026-11-25',
      reminders: [{ at: '2026-11-25T08:00:00.000Z' }],
    });
    // A repeating task's first day.
    expect(parse('Stand-up every monday remind 9:00')).toMatchObject({
      due_date: '2026-11-30',
      reminders: [{ at: '2026-11-30T09:00:00.000Z' }],
    });
  });

  it('does not read the reminder’s time as the due time', () => {
    expect(parse('Dentist remind me 8am')).toMatchObject({ due_date: null, due_time: null });
    expect(parse('Dentist remind me 1 day before tomorrow 3pm')).toMatchObject({
      due_date: '2026-11-26',
      due_time: '15:00',
      reminders: [{ before_minutes: 1440 }],
    });
  });

  it('places a time on the user’s wall clock, in a zone that is not the runtime’s', () => {
    // 10:00 UTC is 05:00 in New York (EST, UTC-5) and 15:30 in Kolkata (UTC+5:30).
    const read = (text: string, timeZone: string) => parseQuickAdd(text, { now: NOW, timeZone });
    expect(read('Call mum remind me 8am', 'America/New_York').reminders).toEqual([
      { at: '2026-11-25T13:00:00.000Z' },
    ]);
    expect(read('Call mum remind me 8am', 'Asia/Kolkata').reminders).toEqual([
      { at: '2026-11-26T02:30:00.000Z' },
    ]);
    expect(read('Call mum dec 3 remind 18:45', 'Asia/Kolkata').reminders).toEqual([
      { at: '2026-12-03T13:15:00.000Z' },
    ]);
    // 23:30 UTC is already tomorrow in Tokyo: "tomorrow" is Tokyo's.
    const late = new Date('2026-11-25T23:30:00Z');
    expect(
      parseQuickAdd('Call remind me 9am tomorrow', { now: late, timeZone: 'Asia/Tokyo' }).reminders,
    ).toEqual([{ at: '2026-11-27T00:00:00.000Z' }]);
  });

  it('keeps the wall-clock time across a change to daylight saving time', () => {
    // New York moves its clocks forward on Sunday 8 March 2026: 9am is then 13:00 UTC, not 14:00.
    const saturday = new Date('2026-03-07T15:00:00Z');
    expect(
      parseQuickAdd('Run sunday remind me 9am', { now: saturday, timeZone: 'America/New_York' })
        .reminders,
    ).toEqual([{ at: '2026-03-08T13:00:00.000Z' }]);
  });

  it('marks each reminder as a token', () => {
    const typed = 'Call mum remind me 8am p1';
    const { tokens } = parse(typed);
    expect(tokens.map(({ kind, text }) => [kind, text])).toEqual([
      ['reminder', 'remind me 8am'],
      ['priority', 'p1'],
    ]);
    for (const token of tokens) expect(typed.slice(token.start, token.end)).toBe(token.text);
  });

  it('keeps a reminder the user chose to keep as words, and reads no date in it', () => {
    expect(parse('Call mum remind me 8am', ['remind me 8am'])).toMatchObject({
      title: 'Call mum remind me 8am',
      reminders: [],
      due_time: null,
    });
  });

  it('counts one reminder once, and takes at most a task’s reminders', () => {
    expect(
      parse('Call remind 8am remind me at 8:00 remind 1h before remind 60 min before'),
    ).toMatchObject({
      title: 'Call',
      reminders: [{ at: '2026-11-26T08:00:00.000Z' }, { before_minutes: 60 }],
    });
    // Two spellings of one instant once placed: the due date is tomorrow.
    expect(parse('Call tomorrow remind 8am remind 8am tomorrow').reminders).toHaveLength(1);
    const six = [5, 10, 15, 20, 25, 30].map((m) => `remind ${m}m before`).join(' ');
    const line = parse(`Call ${six}`);
    expect(line.reminders).toHaveLength(5);
    expect(line.title).toBe('Call remind 30m before');
    // Past the limit a time stays words, and is not read as the due time either.
    const times = [1, 2, 3, 4, 5, 6].map((h) => `remind ${h}pm`).join(' ');
    expect(parse(`Call ${times}`)).toMatchObject({ title: 'Call remind 6pm', due_time: null });
  });

  it('keeps a week or more before as words', () => {
    expect(parse('Call remind 8 days before')).toMatchObject({
      title: 'Call remind 8 days before',
      reminders: [],
    });
    expect(parse('Call remind 10081 min before').reminders).toEqual([]);
  });

  it.each([
    'Check the reminder',
    'Reminders app',
    'remind John to call',
    'Ask Sam to remind me',
    'remind',
    'remind me',
    'remind me at 8',
    'remind me later',
    'remind me 25:00',
    'remind me 13pm',
    'remind 30m after',
    'reminded 8am',
    'remind 8amigos',
  ])('leaves “%s” as words', (typed) => {
    const line = parse(`Do it ${typed}`);
    expect(line.reminders).toEqual([]);
    expect(line.tokens.filter((token) => token.kind === 'reminder')).toEqual([]);
  });
});
