/** Headers every gateway answer carries, whatever produced it (a route, tRPC, an error before routing). */

export const TRPC_PREFIX = '/trpc';

export const isTrpcPath = (url: string): boolean => {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname === TRPC_PREFIX || pathname.startsWith(`${TRPC_PREFIX}/`);
};

/**
 * The built SPA has no inline script (Vite emits module scripts and a stylesheet link), so scripts come from
 * this origin only. Styles allow 'unsafe-inline' because the dialog primitives (Radix, react-remove-scroll)
 * inject <style> elements at run time; pictures may be data: or blob: URLs (the profile picture preview), and
 * any https: address, since product images live on the merchant's own hosts and CDNs. Only pictures may come
 * from elsewhere: scripts, styles, fonts and requests stay on this origin. Plain http: pictures are not
 * allowed (the page would show mixed content; channels want https images anyway).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful browser features the app never uses, off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The security headers of an answer to `url`; tRPC answers carry account data, so nothing may keep them. */
export const securityHeaders = (url: string): Record<string, string> => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
  ...(isTrpcPath(url) ? { 'cache-control': 'no-store' } : {}),
});
