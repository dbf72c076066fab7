import type { Toast } from 'react-hot-toast';

// Drawn, not emoji: a phone's first emoji sends its browser searching its
// fonts for one that has it, a long layout in the middle of start-up.

/**
 * An icon: a disc (or a triangle) in the kind's colour, and a mark drawn
 * across it in the toast's background. Decorative: the message says it all.
 */
function Glyph({
  kind,
  mark,
  triangle = false,
}: {
  kind: string;
  mark: string;
  triangle?: boolean;
}) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className={`ui-toast__icon ui-toast__icon--${kind}`}
    >
      {triangle ? (
        <path d="M10 1.5 19 18H1z" fill="currentColor" />
      ) : (
        <circle cx="10" cy="10" r="9" fill="currentColor" />
      )}
      <path d={mark} fill="none" stroke="var(--surface-raised)" strokeWidth="2" />
    </svg>
  );
}

export const SuccessIcon = () => <Glyph kind="success" mark="m6 10.5 2.5 2.5L14 7.5" />;
export const ErrorIcon = () => <Glyph kind="error" mark="m7 7 6 6m0-6-6 6" />;
export const WarningIcon = () => <Glyph kind="warning" mark="M10 7v5m0 2v2" triangle />;
export const InfoIcon = () => <Glyph kind="info" mark="M10 9v5m0-8v2" />;

/** The toast's own icon if it has one (notify's warning and info), else its type's. */
export function ToastIcon({ toast }: { toast: Toast }) {
  if (toast.icon !== undefined) return <>{toast.icon}</>;
  if (toast.type === 'success') return <SuccessIcon />;
  if (toast.type === 'error') return <ErrorIcon />;
  return null;
}
