// @fastify/secure-session registers @fastify/cookie; importing its types brings the cookie request/reply API.
import type {} from '@fastify/secure-session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TCookieJar } from './oauth-flow';

/** The jar over @fastify/cookie: HttpOnly, SameSite=Lax, path / (which the `__Host-` prefix requires). */
export const fastifyCookieJar = (req: FastifyRequest, reply: FastifyReply, secure: boolean): TCookieJar => {
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    secure,
    get: (name) => req.cookies[name],
    set: (name, value, maxAgeSeconds) =>
      void reply.setCookie(name, value, { ...options, maxAge: maxAgeSeconds }),
    clear: (name) => void reply.clearCookie(name, options),
  };
};
