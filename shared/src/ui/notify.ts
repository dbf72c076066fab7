import toast from 'react-hot-toast';

/**
 * The four kinds of toast the spec names. react-hot-toast has no warning or
 * info type, so those are plain toasts with an icon. All of them land in the
 * host's one <Toaster/> because react-hot-toast is a federation singleton.
 */
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { id }),
  error: (message: string, id?: string) => toast.error(message, { id }),
  warning: (message: string, id?: string) => toast(message, { id, icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } }),
  info: (message: string, id?: string) => toast(message, { id, icon: 'ℹ️' }),
};
