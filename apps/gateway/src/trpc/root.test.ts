import type { TSessionInfo } from '@feedloom/contracts';
import { describe, expectTypeOf, it } from 'vitest';
import type { RouterInputs, RouterOutputs } from './root';

// The web codes against these shapes; a change here is a change of the gateway's public surface.
describe('AppRouter types', () => {
  it('auth procedures have the agreed inputs and outputs', () => {
    expectTypeOf<RouterOutputs['auth']['session']>().toEqualTypeOf<TSessionInfo | null>();
    expectTypeOf<RouterInputs['auth']['session']>().toEqualTypeOf<
      void | { refresh?: boolean | undefined } | undefined
    >();
    expectTypeOf<RouterOutputs['auth']['login']>().toEqualTypeOf<TSessionInfo>();
    expectTypeOf<RouterOutputs['auth']['createPassword']>().toEqualTypeOf<TSessionInfo>();
    expectTypeOf<RouterInputs['auth']['login']>().toEqualTypeOf<{ email: string; password: string }>();
    expectTypeOf<RouterOutputs['auth']['signup']>().toEqualTypeOf<{ user_id: string; email: string }>();
    expectTypeOf<RouterInputs['auth']['verifyAccount']>().toEqualTypeOf<{ user_id: string; otp: string }>();
    expectTypeOf<RouterOutputs['auth']['verifyAccount']>().toEqualTypeOf<{
      user_id: string;
      email: string;
      token: string;
    }>();
    expectTypeOf<RouterInputs['auth']['resendOtp']>().toEqualTypeOf<{ user_id: string; email: string }>();
    expectTypeOf<RouterOutputs['auth']['resendOtp']>().toEqualTypeOf<{ resend_after_seconds: number }>();
    expectTypeOf<RouterInputs['auth']['createPassword']>().toMatchTypeOf<{
      user_id: string;
      token: string;
      password: string;
      confirm: string;
    }>();
    expectTypeOf<RouterOutputs['auth']['logout']>().toEqualTypeOf<{ ok: true }>();
    // Tokens never reach the browser.
    expectTypeOf<RouterOutputs['auth']['login']>().not.toHaveProperty('access_token');
    expectTypeOf<RouterOutputs['auth']['login']>().not.toHaveProperty('refresh_token');
  });
});
