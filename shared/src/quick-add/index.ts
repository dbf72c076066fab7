export {
  parseQuickAdd,
  type QuickAdd,
  type QuickAddGoal,
  type QuickAddOptions,
  type QuickAddToken,
  type QuickAddTokenKind,
} from './parse-quick-add';
export { isoDate, isoTime, type WallClock, wallClockAt } from './wall-clock';
