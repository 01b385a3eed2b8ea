import { describe, expect, it } from 'vitest';
import { readOtpStamp, recordOtpSent, secondsUntilResend } from './otp-timer';

describe('OTP resend timer', () => {
  it('counts 60 seconds down from the stored send time', () => {
    const stamp = recordOtpSent('u1', 60, 1_000_000);
    expect(secondsUntilResend(stamp, 1_000_000)).toBe(60);
    expect(secondsUntilResend(stamp, 1_000_000 + 500)).toBe(60);
    expect(secondsUntilResend(stamp, 1_000_000 + 1_000)).toBe(59);
    expect(secondsUntilResend(stamp, 1_000_000 + 59_001)).toBe(1);
    expect(secondsUntilResend(stamp, 1_000_000 + 60_000)).toBe(0);
    expect(secondsUntilResend(stamp, 1_000_000 + 600_000)).toBe(0);
  });

  it('keeps the timestamp in localStorage for the user it was sent to', () => {
    recordOtpSent('u1', 60, 42);
    expect(readOtpStamp('u1')).toEqual({ user_id: 'u1', sent_at: 42, wait_seconds: 60 });
    expect(readOtpStamp('someone-else')).toBeNull();
    expect(secondsUntilResend(null)).toBe(0);
  });

  it('never counts longer than the wait, even if the clock went back', () => {
    const stamp = recordOtpSent('u1', 60, 1_000_000);
    expect(secondsUntilResend(stamp, 0)).toBe(60);
  });

  it('waits as long as the api does when no wait is given (30 s, OTP_RESEND_SECONDS)', () => {
    const stamp = recordOtpSent('u1', undefined, 1_000_000);
    expect(stamp.wait_seconds).toBe(30);
    expect(secondsUntilResend(stamp, 1_000_000 + 30_000)).toBe(0);
  });
});
