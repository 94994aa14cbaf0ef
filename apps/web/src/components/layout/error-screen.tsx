import { Component, type ErrorInfo, type ReactNode } from 'react';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** The global error screen (spec section 8): 'Something went wrong.' with the error message. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center p-6">
      <div className="max-w-lg text-center">
        <h1 className="text-2xl font-semibold">Something went wrong.</h1>
        <p className="mt-2 break-words text-muted-foreground">{messageOf(error)}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Reload
        </button>
      </div>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; resetKey?: unknown };
type BoundaryState = { error: unknown; resetKey?: unknown };

/**
 * Shows the error screen instead of a subtree that threw: around the providers, and around the pages
 * (there with `resetKey` = the path, so navigating away from a broken page shows the next one).
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
