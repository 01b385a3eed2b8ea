import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AuthSession, memorySessionBackend } from '../session';
import {
  createStubApi,
  createGatewayDeps,
  memoryCookieJar,
  SESSION_INFO,
  storedAuth,
} from '../testing/stub-api';
import { createCallerFactory, createContext, protectedProcedure, router } from './init';

const probeRouter = router({ me: protectedProcedure.query(({ ctx }) => ctx.user) });

const callerWith = (auth?: ReturnType<typeof storedAuth>) => {
  const stub = createStubApi();
  const session = new AuthSession(memorySessionBackend(auth ? { auth } : {}));
  const ctx = createContext(createGatewayDeps(stub), {
    req: { headers: {} } as FastifyRequest,
    reply: {} as FastifyReply,
    session,
    cookies: memoryCookieJar(),
    requestId: 'r',
  });
  return createCallerFactory(probeRouter)(ctx);
};

describe('procedure tiers', () => {
  it("protectedProcedure answers UNAUTHORIZED 'Unauthorized' without a session", async () => {
    const err = await callerWith()
      .me()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect(err).toMatchObject({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('protectedProcedure gives the procedure the session fields', async () => {
    expect(await callerWith(storedAuth()).me()).toEqual(SESSION_INFO);
  });
});
