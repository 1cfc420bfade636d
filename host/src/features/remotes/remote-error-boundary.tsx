import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  /** What to show instead of the failed area. */
  fallback: (error: unknown) => ReactNode;
  children?: ReactNode;
}

interface RemoteErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/**
 * Keeps a remote's failure (it could not load, or one of its pages threw) inside its own area: the
 * header, navigation and preferences keep working. Reset it by changing its `key`.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[linepulse] remote area failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
