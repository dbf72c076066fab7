import toast, { resolveValue, type Toast, ToastBar } from 'react-hot-toast';

/** react-hot-toast's bar plus a real close button, so a long-lived warning can be dismissed. */
export function ToastView({ toast: t }: { toast: Toast }) {
  return (
    <ToastBar toast={t}>
      {({ icon, message }) => (
        <>
          {icon}
          <span className="toast__message" data-testid="toast">
            {message ?? resolveValue(t.message, t)}
          </span>
          {t.type !== 'loading' && (
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => toast.dismiss(t.id)}
            >
              ×
            </button>
          )}
        </>
      )}
    </ToastBar>
  );
}
