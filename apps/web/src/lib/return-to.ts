/** Query parameter of /login that names the in-app page to come back to after signing in. */
export const RETURN_TO_PARAM = 'redirect';

/** The page to return to, if it is a path of this app ('/invitation/…'); anything else (another origin) is null. */
export function returnToPath(params: URLSearchParams): string | null {
  const value = params.get(RETURN_TO_PARAM);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** `/login?redirect=/invitation/a/b`. */
export function withReturnTo(path: string, returnTo: string): string {
  return `${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}`;
}
