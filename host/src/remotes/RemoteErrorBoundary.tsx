import { logError } from '@stride/shared';
import { Component, type ReactNode } from 'react';
import { pageFailed } from '../telemetry/remote-loads';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remoteId: string;
  /** Changing it clears the error (a retry started). */
  resetKey: number;
  children: ReactNode;
}

interface State {
  failedAt: number | null;
}

/**
 * Last line of defence, one per remote route: whatever a remote page throws
 * stays inside its route; the top bar and the other routes keep working.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: Date.now() };
  }

  override componentDidCatch(error: unknown): void {
    // Only a page's first render after its load counts against the load (telemetry).
    pageFailed(this.props.remoteId);
    logError(`Remote page ${this.props.remoteId} failed`, error);
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failedAt !== null)
      this.setState({ failedAt: null });
  }

  override render() {
    return this.state.failedAt === null ? (
      this.props.children
    ) : (
      <RemoteUnavailable remoteId={this.props.remoteId} />
    );
  }
}
