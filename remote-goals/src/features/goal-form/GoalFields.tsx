import { TextAreaField, TextField } from '@stride/shared';
import type { GoalFormState } from './use-goal-form';

interface GoalFieldsProps {
  idPrefix: string;
  form: GoalFormState;
  autoFocus?: boolean;
}

/** Title, description and target date of a goal, each labelled with its error tied to it. */
export function GoalFields({ idPrefix, form, autoFocus }: GoalFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        placeholder="e.g. Run a half marathon"
        error={errors.title?.message}
        required
        autoFocus={autoFocus}
        {...register('title')}
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description (optional)"
        placeholder="Why it matters, what done looks like"
        error={errors.description?.message}
        rows={3}
        {...register('description')}
      />
      <TextField
        id={`${idPrefix}-target_date`}
        label="Target date (optional)"
        type="date"
        error={errors.target_date?.message}
        {...register('target_date')}
      />
    </>
  );
}
