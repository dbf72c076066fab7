import { Button } from '@stride/shared';
import type { FormEvent, ReactNode } from 'react';
import { GoalFields } from './GoalFields';
import type { GoalFormState } from './use-goal-form';

interface GoalFormProps {
  /** Prefix of every id in the form, unique on the page. */
  id: string;
  heading: string;
  form: GoalFormState;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** Shown between the fields and the form's error (the edit form's conflict panel). */
  children?: ReactNode;
  /** False while the children offer their own buttons. */
  showActions?: boolean;
}

/** What the create and edit forms share: heading, fields, the form's error and its buttons. */
export function GoalForm({
  id,
  heading,
  form,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
  showActions = true,
}: GoalFormProps) {
  return (
    <form className="goal-form" aria-labelledby={`${id}-heading`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-heading`} className="goal-form__heading">
        {heading}
      </h2>
      <GoalFields idPrefix={id} form={form} autoFocus />
      {children}
      {form.formError && (
        <p className="goal-form__error" role="alert">
          {form.formError}
        </p>
      )}
      {showActions && (
        <div className="goal-form__actions">
          <Button type="submit" variant="primary" busy={busy}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}
