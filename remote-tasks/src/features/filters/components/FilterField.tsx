import { Button, TextField, taskErrorReason } from '@stride/shared';
import { LIMITS } from '@stride/shared/limits';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { type SavedView, useDeleteView, useSaveView } from '../views-data';

interface FilterFieldProps {
  /** The filter the list shows now (from the address). */
  filter: string | undefined;
  views: readonly SavedView[];
  onApply: (filter: string | undefined) => void;
  announce: (message: string) => void;
}

/**
 * The filter language (`today & @errand`, docs/product.md §4): applied with
 * Enter or Apply, so a half-typed query never runs; the list says what is
 * wrong with one the API cannot read. An applied filter can be saved as a
 * view, which the page's views and the command palette then list.
 */
export function FilterField({ filter, views, onApply, announce }: FilterFieldProps) {
  const [text, setText] = useState(filter ?? '');
  const [naming, setNaming] = useState(false);
  // The address moved (a saved view, back, Clear filters): show its filter.
  useEffect(() => setText(filter ?? ''), [filter]);
  const saved = views.find((view) => view.query === filter);

  const apply = () => onApply(text.trim() || undefined);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <div className="task-filter">
      <div className="task-filter__query">
        <TextField
          id="task-filter"
          label="Filter"
          placeholder="e.g. today & @errand"
          autoComplete="off"
          spellCheck={false}
          maxLength={LIMITS.filterMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={apply}>Apply</Button>
        {filter && !saved && !naming && (
          <Button variant="ghost" onClick={() => setNaming(true)}>
            Save view
          </Button>
        )}
        {saved && <DeleteView view={saved} announce={announce} />}
      </div>
      {naming && filter && (
        <NameView
          query={filter}
          onDone={(name) => {
            setNaming(false);
            if (name) announce(`View “${name}” saved`);
          }}
        />
      )}
    </div>
  );
}

function NameView({ query, onDone }: { query: string; onDone: (name?: string) => void }) {
  const save = useSaveView();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the view a name');
    save.mutate(
      { name: trimmed, query },
      {
        onSuccess: () => onDone(trimmed),
        onError: (failure) => setError(taskErrorReason(failure) ?? 'Could not save the view.'),
      },
    );
  };
  return (
    <div className="task-filter__name">
      <TextField
        id="task-view-name"
        label="Name of the view"
        autoComplete="off"
        maxLength={LIMITS.viewNameMax}
        value={name}
        error={error}
        autoFocus
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
          if (event.key === 'Escape') onDone();
        }}
      />
      <Button variant="primary" busy={save.isPending} onClick={submit}>
        Save
      </Button>
      <Button onClick={() => onDone()}>Cancel</Button>
    </div>
  );
}

function DeleteView({ view, announce }: { view: SavedView; announce: (m: string) => void }) {
  const remove = useDeleteView();
  return (
    <Button
      variant="ghost"
      busy={remove.isPending}
      onClick={() =>
        remove.mutate(view.id, { onSuccess: () => announce(`View “${view.name}” deleted`) })
      }
    >
      Delete view “{view.name}”
    </Button>
  );
}
