import toast from 'react-hot-toast';
import { InfoIcon, WarningIcon } from './toast-icons';

export interface NotifyOptions {
  /** A stable id replaces an earlier toast with the same id instead of stacking. */
  id?: string;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration?: number;
}

/**
 * The four kinds of toast the spec names. react-hot-toast has no warning or
 * info type, so those are plain toasts with an icon. All of them land in the
 * host's one <Toasts/> because react-hot-toast is a federation singleton.
 */
export const notify = {
  success: (message: string, options?: NotifyOptions) => toast.success(message, options),
  error: (message: string, options?: NotifyOptions) => toast.error(message, options),
  warning: (message: string, options?: NotifyOptions) =>
    toast(message, {
      duration: 6000,
      ...options,
      icon: <WarningIcon />,
      ariaProps: { role: 'alert', 'aria-live': 'assertive' },
    }),
  info: (message: string, options?: NotifyOptions) =>
    toast(message, { ...options, icon: <InfoIcon /> }),
  dismiss: (id: string) => toast.dismiss(id),
};
