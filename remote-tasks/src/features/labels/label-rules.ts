// What a typed label name becomes, checked as the API checks it
// (shared/src/labels.ts, LIMITS): one rule for the editor's picker and the
// label manager.

import { LABEL_NAME, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';

export type NameCheck = { name: string; error?: undefined } | { error: string };

/** A name as typed, a leading `@` allowed; an error in words when it cannot be a label. */
export function checkLabelName(typed: string): NameCheck {
  const name = typed.trim().replace(/^@/, '');
  if (!name) return { error: 'Type a name for the label' };
  if (name.length > LIMITS.labelNameMax) {
    return { error: `A label has at most ${LIMITS.labelNameMax} characters` };
  }
  if (!LABEL_NAME.test(name)) return { error: 'A label is one word: letters, digits, - and _' };
  return { name };
}

/** `names` with `name` added (once, whatever its case), or an error when the task is full. */
export function withLabel(names: readonly string[], name: string): string[] | { error: string } {
  if (names.some((had) => labelKey(had) === labelKey(name))) return [...names];
  if (names.length >= LIMITS.labelsPerTask) {
    return { error: `A task carries at most ${LIMITS.labelsPerTask} labels` };
  }
  return [...names, name];
}

/** Labels to offer for what is typed: those not chosen yet whose name holds it, at most `max`. */
export function suggestLabels<T extends { name: string }>(
  labels: readonly T[],
  chosen: readonly string[],
  typed: string,
  max = 8,
): T[] {
  const wanted = labelKey(typed.trim().replace(/^@/, ''));
  const taken = new Set(chosen.map(labelKey));
  return labels
    .filter((label) => !taken.has(labelKey(label.name)) && labelKey(label.name).includes(wanted))
    .slice(0, max);
}
