import { GOAL_FIELDS, type GoalField, type GoalValues } from './validation';

export interface MergeResult {
  /** Their value where only they changed a field, mine everywhere else. */
  merged: GoalValues;
  /** Fields both sides changed, to different values: the user decides. */
  conflicts: GoalField[];
}

const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * A three-way merge of an edit that met a 409: `base` is the goal the form
 * opened with, `mine` what was typed, `theirs` the goal as saved now. Nothing
 * typed is dropped: a field the user changed is only replaced by their choice.
 */
export function mergeGoalEdit(base: GoalValues, mine: GoalValues, theirs: GoalValues): MergeResult {
  const merged = { ...mine };
  const conflicts: GoalField[] = [];
  for (const field of GOAL_FIELDS) {
    const iChanged = !same(mine[field], base[field]);
    const theyChanged = !same(theirs[field], base[field]);
    if (theyChanged && !iChanged) merged[field] = theirs[field];
    else if (theyChanged && iChanged && !same(mine[field], theirs[field])) conflicts.push(field);
  }
  return { merged, conflicts };
}
