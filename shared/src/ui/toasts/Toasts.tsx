import { resolveValue, type Toast, toast, useToaster } from 'react-hot-toast';
import { ToastIcon } from './toast-icons';
import './toasts.css';

function ToastItem({ toast: t }: { toast: Toast }) {
  return (
    <div className="ui-toast" data-visible={t.visible} data-type={t.type}>
      <ToastIcon toast={t} />
      <div className="ui-toast__message" data-testid="toast" {...t.ariaProps}>
        {resolveValue(t.message, t)}
      </div>
      {t.type !== 'loading' && (
        <button
          type="button"
          className="ui-toast__close"
          aria-label="Dismiss notification"
          onClick={() => toast.dismiss(t.id)}
        >
          ×
        </button>
      )}
    </div>
  );
}

/**
 * Where every toast of every app is shown: one per page (the host's shell,
 * or a remote's standalone page), reading react-hot-toast's store, which is
 * a federation singleton. Its own markup and style sheet, not the library's
 * <Toaster/>: that one measures each toast as it mounts and injects its
 * styles at run time, two full layouts of the page while a phone is still
 * starting (docs/architecture.md §2). Stacked by CSS, newest at the bottom,
 * in the bottom-right corner where they never cover the top bar's menus;
 * paused while the pointer or the keyboard is on them.
 */
export function Toasts() {
  const { toasts, handlers } = useToaster();
  return (
    <section
      className="ui-toasts"
      aria-label="Notifications"
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
      onFocus={handlers.startPause}
      onBlur={handlers.endPause}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}
