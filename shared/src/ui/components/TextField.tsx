import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import './components.css';

export interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Visually hide the label (it is still the accessible name). */
  hideLabel?: boolean;
}

/**
 * What ties a control to its label, its error and its hint, for screen
 * readers. It names only what FieldFrame renders: the hint steps aside while
 * an error shows.
 */
export function controlProps(id: string, error?: string, hint?: ReactNode) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : '';
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** A field's label, then the control, then its hint or its error. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  hideLabel,
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className="ui-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  hideLabel,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <input
        {...controlProps(id, error, hint)}
        className={['ui-input', className].filter(Boolean).join(' ')}
        {...input}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> };

/** TextField for text that runs over several lines. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  hideLabel,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <textarea
        {...controlProps(id, error, hint)}
        className={['ui-input', 'ui-input--multiline', className].filter(Boolean).join(' ')}
        {...textarea}
      />
    </FieldFrame>
  );
}
