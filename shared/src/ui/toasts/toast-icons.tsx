import type { ReactNode } from 'react';
import type { Toast } from 'react-hot-toast';

// Drawn, not emoji: a phone's first emoji sends its browser searching its
// fonts for one that has it, a long layout in the middle of start-up.

/** The icon's frame: decorative, the message says it all. */
function Glyph({ kind, children }: { kind: string; children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className={`ui-toast__icon ui-toast__icon--${kind}`}
    >
      {children}
    </svg>
  );
}

export function SuccessIcon() {
  return (
    <Glyph kind="success">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="m6 10.5 2.5 2.5L14 7.5" fill="none" stroke="var(--surface-raised)" strokeWidth="2" />
    </Glyph>
  );
}

export function ErrorIcon() {
  return (
    <Glyph kind="error">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="m7 7 6 6m0-6-6 6" stroke="var(--surface-raised)" strokeWidth="2" />
    </Glyph>
  );
}

export function WarningIcon() {
  return (
    <Glyph kind="warning">
      <path d="M10 1.5 19 18H1z" fill="currentColor" />
      <path d="M10 7v5m0 2v2" stroke="var(--surface-raised)" strokeWidth="2" />
    </Glyph>
  );
}

export function InfoIcon() {
  return (
    <Glyph kind="info">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M10 9v5m0-8v2" stroke="var(--surface-raised)" strokeWidth="2" />
    </Glyph>
  );
}

/** The toast's own icon if it has one (notify's warning and info), else its type's. */
export function ToastIcon({ toast }: { toast: Toast }) {
  if (toast.icon !== undefined) return <>{toast.icon}</>;
  if (toast.type === 'success') return <SuccessIcon />;
  if (toast.type === 'error') return <ErrorIcon />;
  return null;
}
