import { useState } from 'react';
import { mergeEdit } from './merge-edit';
import { versionConflict } from './version-conflict';

/** What `mutate` is told when the request settles (a react-query mutation's `mutate` fits). */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface MergeSaveOptions<T extends { version: number }, F extends string, V, A> {
  /** The record the edit started from. */
  record: T;
  fields: readonly F[];
  /** The form's values for a record. */
  valuesOf: (record: T) => V;
  /** The request that saves `values` as an edit of `against`, or null when nothing changed. */
  request: (values: V, against: T) => A | null;
  mutate: (request: A, callbacks: SaveCallbacks) => void;
  /** A save went through. */
  onSaved: () => void;
  /** Nothing was left to save (no change, or the user took the saved version). */
  onNothingToSave: () => void;
  /** A merge put these values in the form. */
  onMerged: (values: V) => void;
  /** Any failure other than a version conflict. */
  onFailed: (error: unknown) => void;
  /** Whether `values` leave `record` as it is; by default every field is the same, trimmed. */
  unchanged?: (values: V, record: T) => boolean;
}

export interface MergeConflict<T, F> {
  fields: F[];
  /** The record as saved now. */
  current: T;
}

const sameTrimmed = <F extends string>(
  fields: readonly F[],
  a: Record<F, string>,
  b: Record<F, string>,
) => fields.every((field) => a[field].trim() === b[field].trim());

/**
 * The save of an edit form that meets 409s with a three-way merge
 * (docs/decisions.md, "One conflict design"): fields only the other side
 * changed are taken, the user's own are saved again on the new version without
 * asking, and only fields both changed are left in `conflict` for the user.
 * A second 409 on that retry is shown too rather than looping.
 */
export function useMergeSave<
  T extends { version: number },
  F extends string,
  V extends Record<F, string>,
  A,
>(options: MergeSaveOptions<T, F, V, A>) {
  const { fields, valuesOf, request, mutate, onSaved, onNothingToSave, onMerged, onFailed } =
    options;
  const unchanged =
    options.unchanged ?? ((values: V, record: T) => sameTrimmed(fields, values, valuesOf(record)));
  /** The record the user's edit now applies to: the one opened, then the one each 409 brought. */
  const [base, setBase] = useState(options.record);
  const [conflict, setConflict] = useState<MergeConflict<T, F> | null>(null);

  const save = (values: V, against: T, retried: boolean) => {
    const sent = request(values, against);
    if (sent === null) return onNothingToSave();
    mutate(sent, {
      onSuccess: onSaved,
      onError: (error) => {
        const current = versionConflict<T>(error);
        if (!current) return onFailed(error);
        const { merged, conflicts } = mergeEdit(
          fields,
          valuesOf(against),
          values,
          valuesOf(current),
        );
        onMerged(merged);
        setBase(current);
        if (conflicts.length > 0 || retried) setConflict({ fields: conflicts, current });
        else save(merged, current, true);
      },
    });
  };

  return {
    base,
    /** After a save outside this hook (the record's new version). */
    setBase,
    conflict,
    /** Saves the form's values as an edit of `base`. */
    save: (values: V) => save(values, base, false),
    /** Saves the user's values over the conflicting record. */
    keepMine: (values: V) => {
      if (!conflict) return;
      setConflict(null);
      save(values, conflict.current, false);
    },
    /** Takes the saved values for the conflicting fields; closes when nothing of the user's is left. */
    takeTheirs: (values: V) => {
      if (!conflict) return;
      const theirs = valuesOf(conflict.current);
      const next = { ...values };
      for (const field of conflict.fields) next[field] = theirs[field];
      setConflict(null);
      if (unchanged(next, conflict.current)) onNothingToSave();
      else onMerged(next);
    },
  };
}
