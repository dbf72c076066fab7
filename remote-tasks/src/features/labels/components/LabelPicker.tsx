import { Button, TextField } from '@stride/shared';
import type { Label } from '@stride/shared/contract';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { checkLabelName, suggestLabels, withLabel } from '../label-rules';
import { LabelChip } from './LabelChip';

interface LabelPickerProps {
  /** The task's labels by name. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** Every label of the user, to suggest. */
  labels: readonly Label[];
}

/**
 * A task's labels in its editor: the chosen ones as chips that can be taken
 * off, a field to add one (a new name makes a new label when the task is
 * saved), and the user's other labels to add with a click. Enter in the
 * field adds what is typed and does not save the task.
 */
export function LabelPicker({ value, onChange, labels }: LabelPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const suggestions = suggestLabels(labels, value, text);

  const add = (typed: string) => {
    const check = checkLabelName(typed);
    if (check.error !== undefined) return setError(check.error);
    const next = withLabel(value, check.name);
    if ('error' in next) return setError(next.error);
    setError(undefined);
    setText('');
    onChange(next);
    field.current?.focus();
  };
  const remove = (name: string) => {
    onChange(value.filter((had) => had !== name));
    field.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (text.trim()) add(text);
  };

  return (
    <fieldset className="label-picker">
      <legend className="label-picker__legend">Labels</legend>
      {value.length > 0 && (
        <ul className="label-picker__chosen">
          {value.map((name) => (
            <li key={name}>
              <LabelChip name={name}>
                <button
                  type="button"
                  className="label-picker__remove"
                  aria-label={`Remove label ${name}`}
                  onClick={() => remove(name)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </LabelChip>
            </li>
          ))}
        </ul>
      )}
      <div className="label-picker__add">
        <TextField
          ref={field}
          id={`${id}-label`}
          label="Add a label"
          hideLabel
          placeholder="Add a label"
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Button onClick={() => add(text)}>Add</Button>
      </div>
      {suggestions.length > 0 && (
        <ul className="label-picker__options" aria-label="Your labels">
          {suggestions.map((label) => (
            <li key={label.id}>
              <button
                type="button"
                className="label-chip label-picker__option"
                data-color={label.color}
                aria-label={`Add label ${label.name}`}
                onClick={() => add(label.name)}
              >
                + @{label.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
