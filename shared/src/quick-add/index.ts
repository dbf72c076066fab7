// The light half of quick add: the field and its hook. The parser itself
// (engine.ts) loads on its own, after the page.
export { QuickAddField } from './QuickAddField';
export {
  plainLine,
  type QuickAdd,
  type QuickAddGoal,
  type QuickAddOptions,
  type QuickAddToken,
  type QuickAddTokenKind,
} from './quick-add-types';
export { taskInputOf } from './task-input';
export { useQuickAdd } from './use-quick-add';
export { isoDate, isoTime, type WallClock, wallClockAt } from './wall-clock';
