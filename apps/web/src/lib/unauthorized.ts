/**
 * The global unauthorized event: a 403 (tRPC FORBIDDEN) anywhere raises it with the
 * server message; the app shell listens and shows it in the snackbar.
 */
export const UNAUTHORIZED_EVENT = 'feedloom:unauthorized';

export interface UnauthorizedDetail {
  message: string;
}

export function raiseUnauthorized(message: string): void {
  window.dispatchEvent(new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { message } }));
}

/** Subscribes to the event; returns the unsubscribe function. */
export function onUnauthorized(listener: (detail: UnauthorizedDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<UnauthorizedDetail>).detail);
  window.addEventListener(UNAUTHORIZED_EVENT, handler);
  return () => window.removeEventListener(UNAUTHORIZED_EVENT, handler);
}
