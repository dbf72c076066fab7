/**
 * A three-way merge of an edit that met a 409 (a goal's or a task's form):
 * `base` is the record the form opened with, `mine` what was typed, `theirs`
 * the record as saved now. Fields only they changed are taken, fields only I
 * changed are kept, and fields both changed to different values are left to
 * the user. Nothing typed is dropped. Values compare trimmed.
 */

const same = (a: string, b: string) => a.trim() === b.trim();

export function mergeEdit<F extends string, V extends Record<F, string>>(
  fields: readonly F[],
  base: V,
  mine: V,
  theirs: V,
): { merged: V; conflicts: F[] } {
  const merged = { ...mine };
  const conflicts: F[] = [];
  for (const field of fields) {
    const iChanged = !same(mine[field], base[field]);
    const theyChanged = !same(theirs[field], base[field]);
    if (theyChanged && !iChanged) merged[field] = theirs[field];
    else if (theyChanged && iChanged && !same(mine[field], theirs[field])) conflicts.push(field);
  }
  return { merged, conflicts };
}
