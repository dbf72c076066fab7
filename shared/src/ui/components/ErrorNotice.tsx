import type { ReactNode } from 'react';
import './components.css';

/** An inline, announced error with an optional way out (usually "Try again"). */
export function ErrorNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="ui-error" role="alert">
      <p>{children}</p>
      {action}
    </div>
  );
}
