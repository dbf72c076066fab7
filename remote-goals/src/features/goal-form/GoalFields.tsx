import { TextAreaField, TextField } from '@stride/shared';
import type { GoalErrors, GoalField, GoalValues } from './validation';

interface GoalFieldsProps {
  idPrefix: string;
  values: GoalValues;
  errors: GoalErrors;
  onChange: (field: GoalField, value: string) => void;
  autoFocus?: boolean;
}

/** Title, description and target date of a goal, each labelled with its error tied to it. */
export function GoalFields({ idPrefix, values, errors, onChange, autoFocus }: GoalFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        placeholder="e.g. Run a half marathon"
        value={values.title}
        onChange={(event) => onChange('title', event.target.value)}
        error={errors.title}
        required
        autoFocus={autoFocus}
      />
      <TextAreaField
        id={`${idPrefix}-description`}
        label="Description (optional)"
        placeholder="Why it matters, what done looks like"
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        error={errors.description}
        rows={3}
      />
      <TextField
        id={`${idPrefix}-target_date`}
        label="Target date (optional)"
        type="date"
        value={values.target_date}
        onChange={(event) => onChange('target_date', event.target.value)}
        error={errors.target_date}
      />
    </>
  );
}
