import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { isChunkLoadError, reloadOnce } from '@/lib/chunk-reload';

interface ErrorFallbackProps {
  error: unknown;
  /** Injected by tests; the page reload by default. */
  reload?: () => void;
}

/**
 * Error boundary: a stale-deploy chunk failure ('strict mime type', 'failed to fetch
 * dynamically imported module') shows a loader and reloads the page once; anything else renders nothing.
 */
export function ErrorFallback({ error, reload }: ErrorFallbackProps) {
  const isChunkError = isChunkLoadError(error);
  useEffect(() => {
    if (isChunkError) reloadOnce(reload);
  }, [isChunkError, reload]);
  return isChunkError ? <PageSpinner fullScreen label="Loading the latest version" /> : null;
}

interface AppErrorBoundaryProps {
  children: ReactNode;
  reload?: () => void;
}

export class AppErrorBoundary extends Component<
  AppErrorBoundaryProps,
  { error: unknown; hasError: boolean }
> {
  override state = { error: null as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} reload={this.props.reload} />;
    return this.props.children;
  }
}

/** The router's errorElement: errors thrown while rendering a route (a lazy screen that fails to load). */
export function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <ErrorFallback error={error} />;
}
