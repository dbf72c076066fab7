import type { ButtonHTMLAttributes } from 'react';
import './components.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'small' | 'medium';
  /** Shows a spinner, sets aria-busy and blocks clicks while an action runs. */
  busy?: boolean;
}

/** The one button. A real <button>, `type="button"` unless told otherwise. */
export function Button({
  variant = 'secondary',
  size = 'medium',
  busy = false,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    'ui-button',
    `ui-button--${variant}`,
    size === 'small' && 'ui-button--small',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="ui-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
