import { Button, SelectField, TextField, taskErrorReason } from '@stride/shared';
import type { Label } from '@stride/shared/contract';
import { DEFAULT_LABEL_COLOR, LABEL_COLORS, type LabelColor } from '@stride/shared/labels';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { checkLabelName } from '../label-rules';
import { useCreateLabel, useDeleteLabel, useLabels, useUpdateLabel } from '../labels-data';
import '../labels.css';

const COLOR_OPTIONS = LABEL_COLORS.map((color) => ({
  value: color,
  label: color.charAt(0).toUpperCase() + color.slice(1),
}));
const TITLE_ID = 'label-manager-title';
const count = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);

interface LabelManagerProps {
  /** Shows the tasks that carry a label (the list's label filter). */
  onShowTasks: (name: string) => void;
}

/**
 * "Labels" in the Tasks page's header: a dialog to make, rename, recolour
 * and delete labels. Each change is saved as it is made (a name when the
 * field is left or Enter is pressed); a refused one says why beside it and
 * keeps what was typed.
 */
export function LabelManager({ onShowTasks }: LabelManagerProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  const close = () => dialog.current?.close();

  return (
    <>
      <Button variant="ghost" size="small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Labels
      </Button>
      <dialog
        ref={dialog}
        className="label-manager"
        aria-labelledby={TITLE_ID}
        onClose={() => setOpen(false)}
      >
        {open && (
          <LabelManagerBody
            onClose={close}
            onShowTasks={(name) => {
              close();
              onShowTasks(name);
            }}
          />
        )}
      </dialog>
    </>
  );
}

function LabelManagerBody({ onClose, onShowTasks }: { onClose: () => void } & LabelManagerProps) {
  const { labels, isPending } = useLabels();
  return (
    <>
      <header className="label-manager__head">
        <h2 id={TITLE_ID}>Labels</h2>
        <Button variant="ghost" size="small" onClick={onClose}>
          Close
        </Button>
      </header>
      <NewLabel />
      {!isPending && labels.length === 0 && (
        <p className="label-manager__count">
          No labels yet. Add one here, or type <kbd>@name</kbd> in quick add.
        </p>
      )}
      <ul className="label-manager__list" aria-label="Your labels">
        {labels.map((label) => (
          <LabelRow key={label.id} label={label} onShowTasks={onShowTasks} />
        ))}
      </ul>
    </>
  );
}

function NewLabel() {
  const create = useCreateLabel();
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>(DEFAULT_LABEL_COLOR);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkLabelName(name);
    if (check.error !== undefined) return setError(check.error);
    create.mutate(
      { name: check.name, color },
      {
        onSuccess: () => setName(''),
        onError: (failure) => setError(taskErrorReason(failure) ?? 'Could not add the label.'),
      },
    );
  };
  return (
    <form className="label-manager__fields" onSubmit={submit} noValidate>
      <TextField
        id="new-label-name"
        label="New label"
        placeholder="e.g. errand"
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <SelectField
        id="new-label-color"
        label="Colour"
        options={COLOR_OPTIONS}
        value={color}
        onChange={(event) => setColor(event.target.value as LabelColor)}
      />
      <div>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Add label
        </Button>
      </div>
    </form>
  );
}

function LabelRow({ label, onShowTasks }: { label: Label } & LabelManagerProps) {
  const update = useUpdateLabel();
  const remove = useDeleteLabel();
  const [name, setName] = useState(label.name);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const failed = (failure: unknown) =>
    setError(taskErrorReason(failure) ?? 'Could not save the label.');

  // The name last sent, so Enter and then leaving the field rename once.
  const sent = useRef(label.name);
  useEffect(() => {
    sent.current = label.name;
    setName(label.name);
  }, [label.name]);

  const rename = () => {
    if (name === sent.current) return;
    const check = checkLabelName(name);
    if (check.error !== undefined) return setError(check.error);
    sent.current = check.name;
    update.mutate(
      { id: label.id, patch: { name: check.name } },
      {
        onError: (failure) => {
          sent.current = label.name;
          failed(failure);
        },
      },
    );
  };
  const fieldId = `label-${label.id}`;

  return (
    <li className="label-manager__row">
      <span className="label-swatch label-manager__swatch" data-color={label.color} />
      <div className="label-manager__fields">
        <TextField
          id={`${fieldId}-name`}
          label={`Name of label ${label.name}`}
          hideLabel
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              rename();
            }
          }}
        />
        <SelectField
          id={`${fieldId}-color`}
          label={`Colour of label ${label.name}`}
          hideLabel
          options={COLOR_OPTIONS}
          value={label.color}
          onChange={(event) =>
            update.mutate(
              { id: label.id, patch: { color: event.target.value as LabelColor } },
              { onError: failed },
            )
          }
        />
      </div>
      <div className="label-manager__actions">
        {confirming ? (
          <>
            <Button
              variant="danger"
              size="small"
              busy={remove.isPending}
              onClick={() => remove.mutate(label.id, { onError: failed })}
            >
              Delete
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            size="small"
            aria-label={`Delete label ${label.name}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        )}
      </div>
      <p className="label-manager__count">
        {confirming ? (
          <span role="alert">
            Delete “{label.name}”? It comes off {count(label.task_count)}; the tasks stay.
          </span>
        ) : (
          <>
            {count(label.task_count)}
            <Button variant="ghost" size="small" onClick={() => onShowTasks(label.name)}>
              Show tasks<span className="visually-hidden"> with {label.name}</span>
            </Button>
          </>
        )}
      </p>
    </li>
  );
}
