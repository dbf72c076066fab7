// Uses each Intl service the app uses, in the forms it uses them (the wall
// clock of quick-add and "today", dates in the browser's language, counts,
// sorted names), so the locale data they need is loaded before the page asks
// for it (warm-locale-data.ts). Whatever fails here fails again where it is
// used, and is handled there. Plain JavaScript: see warm-locale-data.ts.

try {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(0);
  new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' }).format(
    0,
  );
  (1_000).toLocaleString();
  (1_000).toLocaleString('en');
  'a'.localeCompare('b');
} finally {
  self.postMessage('warm');
}
