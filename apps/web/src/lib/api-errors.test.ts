import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { classifyApiError, fieldErrorsOf, messageOf, procedurePathOf } from './api-errors';

const trpcError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 400, ...extra } } });

describe('classifyApiError', () => {
  it('raises the unauthorized event on FORBIDDEN, with the server message', () => {
    expect(classifyApiError(trpcError('FORBIDDEN', 'No access to this shop'))).toEqual({
      kind: 'forbidden',
      message: 'No access to this shop',
    });
  });

  it('ends the session when the gateway says it ended it, whatever the procedure', () => {
    expect(classifyApiError(trpcError('UNAUTHORIZED', 'Token Expired!', { session_ended: true }))).toEqual({
      kind: 'session-ended',
      message: 'Token Expired!',
    });
  });

  it('shows an UNAUTHORIZED that did not end a session as a message (wrong credentials)', () => {
    expect(classifyApiError(trpcError('UNAUTHORIZED', 'Invalid email or password'))).toEqual({
      kind: 'snackbar',
      message: 'Invalid email or password',
    });
  });

  it('shows any other failure with the server message, or Internal Server Error! without one', () => {
    expect(classifyApiError(trpcError('CONFLICT', 'Email already registered'))).toEqual({
      kind: 'snackbar',
      message: 'Email already registered',
    });
    expect(classifyApiError(trpcError('INTERNAL_SERVER_ERROR', ''))).toEqual({
      kind: 'snackbar',
      message: 'Internal Server Error!',
    });
    expect(messageOf({})).toBe('Internal Server Error!');
    expect(messageOf({ message: { detail: 'x' } })).toBe('{"detail":"x"}');
  });

  it('stays silent for cancelled requests', () => {
    const abort = Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
    expect(classifyApiError(abort).kind).toBe('ignore');
    expect(classifyApiError(new TRPCClientError('aborted', { cause: abort })).kind).toBe('ignore');
  });
});

describe('helpers', () => {
  it('reads the procedure path from tRPC query and mutation keys', () => {
    expect(procedurePathOf([['auth', 'session'], { type: 'query' }])).toBe('auth.session');
    expect(procedurePathOf([['auth', 'login']])).toBe('auth.login');
    expect(procedurePathOf(['plain-key'])).toBeUndefined();
    expect(procedurePathOf(undefined)).toBeUndefined();
  });

  it('reads the gateway field errors of a BAD_REQUEST', () => {
    const error = trpcError('BAD_REQUEST', 'Invalid email address.', {
      fieldErrors: { email: 'Invalid email address.' },
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Invalid email address.' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });

  it("reads the field an api business error names, with the error's message", () => {
    const error = trpcError('CONFLICT', 'A store with this URL already exists.', { field: 'shop_url' });
    expect(fieldErrorsOf(error)).toEqual({ shop_url: 'A store with this URL already exists.' });
  });
});
