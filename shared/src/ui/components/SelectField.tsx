import type { Ref, SelectHTMLAttributes } from 'react';
import './components.css';
import { controlProps, FieldFrame, type FieldFrameProps } from './TextField';

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
    options: readonly { value: string; label: string }[];
    ref?: Ref<HTMLSelectElement>;
  };

/**
 * A labelled native <select> (keyboard and screen-reader behaviour for free),
 * with the same error and hint wiring as TextField.
 */
export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  hideLabel,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <select
        {...controlProps(id, error, hint)}
        className={['ui-input', 'ui-select', className].filter(Boolean).join(' ')}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
