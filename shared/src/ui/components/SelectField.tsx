import type { SelectHTMLAttributes } from 'react';
import './components.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  hideLabel?: boolean;
}

/** A labelled native <select>: keyboard and screen-reader behaviour for free. */
export function SelectField({
  id,
  label,
  options,
  hideLabel,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <div className="ui-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <select
        id={id}
        className={['ui-input', 'ui-select', className].filter(Boolean).join(' ')}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
