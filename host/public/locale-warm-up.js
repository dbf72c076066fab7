// The locale warm-up worker (host/src/locale/warm-locale-data.ts says why).
// It uses each Intl service the app uses, in the forms it uses them: the
// wall clock of quick add and "today" (en-US parts in the user's zone),
// dates in the browser's language, counts in the copy, sorted names. So the
// locale data they need is loaded before the page asks for it. Whatever
// fails here fails again where it is used, and is handled there. The build
// minifies it (shared/src/federation/minify-script.ts).
// Each result is kept and counted, so the minifier drops none of the calls.
const used = [];
try {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const parts = {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  };
  used.push(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...parts }).formatToParts(0),
  );
  used.push(new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short' }).format(0));
  used.push((1e3).toLocaleString('en'));
  used.push('a'.localeCompare('b'));
} finally {
  postMessage(used.length);
}
