export { dayLabel, tokenMeaning } from './describe-quick-add';
export {
  parseQuickAdd,
  type QuickAdd,
  type QuickAddGoal,
  type QuickAddOptions,
  type QuickAddToken,
  type QuickAddTokenKind,
} from './parse-quick-add';
export { QuickAddField } from './QuickAddField';
export { useQuickAdd } from './use-quick-add';
export { isoDate, isoTime, type WallClock, wallClockAt } from './wall-clock';
