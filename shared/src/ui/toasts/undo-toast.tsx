import toast from 'react-hot-toast';

const UNDO_WINDOW_MS = 6000;

/**
 * "Task deleted · Undo": a toast whose button reverses the action. The action
 * itself has already happened (the API deletes softly), so closing the tab
 * loses nothing. A plain subpath (`@stride/shared/undo-toast`), bundled by
 * each app that uses it: the tasks remote offers Undo for every change with
 * it, beside a live host of any release. `id` replaces an earlier toast of
 * the same id instead of stacking.
 */
export function notifyUndo(message: string, onUndo: () => void, id?: string): string {
  return toast(
    (t) => (
      <span className="ui-undo">
        <span>{message}</span>
        <button
          type="button"
          className="ui-undo__button"
          onClick={() => {
            toast.dismiss(t.id);
            onUndo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_WINDOW_MS, ...(id ? { id } : {}) },
  );
}
