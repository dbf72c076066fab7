// The heavy half of quick add (chrono-node and rrule, about 26 KB gzip),
// loaded after the page that shows the field: use-quick-add.ts.
export { tokenMeaning } from './describe-quick-add';
export { normaliseName } from './goal-tag';
export { type DueText, parseQuickAdd, readDueText } from './parse-quick-add';
export { REPEAT_PATTERNS } from './repeat-phrase';
