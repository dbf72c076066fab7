/** The calendar feed's words (architecture.md §7: `<FEATURE>_COPY`). */
export const CALENDAR_COPY = {
  title: 'Calendar feed',
  about:
    'See your due tasks in Google Calendar, Apple Calendar or Outlook: subscribe to a private address. It shows the names, notes, days, times and repeats of tasks you still have to do, and nothing else.',
  turnOn: 'Turn on calendar feed',
  addressLabel: 'Your calendar address',
  copy: 'Copy address',
  copied: 'Calendar address copied',
  copyFailed: 'Copy did not work: select the address and copy it yourself.',
  keepItNow:
    'Copy it now: Stride keeps only a fingerprint of it and cannot show it again. Anyone who has it sees your due tasks; a new address shuts them out.',
  onSince: (day: string) =>
    `On since ${day}. Lost the address? Get a new one: the old one stops working.`,
  renew: 'Get a new address',
  turnOff: 'Turn off',
  turnedOff: 'Calendar feed turned off: its address no longer works',
  failed: 'The calendar feed could not be changed. Check your connection, then try again.',
  loadFailed: 'The calendar feed’s state could not be loaded.',
  retry: 'Try again',
} as const;
