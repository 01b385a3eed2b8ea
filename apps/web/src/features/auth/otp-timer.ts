import { OTP_RESEND_SECONDS } from '@feedloom/validation';
import { useCallback, useEffect, useState } from 'react';

/**
 * Signup: on success an OTP timestamp is stored locally for the resend timer. The confirm
 * screen counts down from it (OTP_RESEND_SECONDS, the wait the api enforces, or what the server asked for on
 * a resend), across reloads.
 */
export const OTP_STORAGE_KEY = 'feedloom:otp-sent';

export interface OtpStamp {
  user_id: string;
  sent_at: number;
  wait_seconds: number;
}

export function recordOtpSent(userId: string, waitSeconds = OTP_RESEND_SECONDS, now = Date.now()): OtpStamp {
  const stamp: OtpStamp = { user_id: userId, sent_at: now, wait_seconds: waitSeconds };
  try {
    window.localStorage.setItem(OTP_STORAGE_KEY, JSON.stringify(stamp));
  } catch {
    // Without storage the timer simply starts now on this page.
  }
  return stamp;
}

export function readOtpStamp(userId: string): OtpStamp | null {
  try {
    const raw = window.localStorage.getItem(OTP_STORAGE_KEY);
    if (!raw) return null;
    const stamp = JSON.parse(raw) as Partial<OtpStamp>;
    if (stamp.user_id !== userId || typeof stamp.sent_at !== 'number') return null;
    return {
      user_id: stamp.user_id,
      sent_at: stamp.sent_at,
      wait_seconds: typeof stamp.wait_seconds === 'number' ? stamp.wait_seconds : OTP_RESEND_SECONDS,
    };
  } catch {
    return null;
  }
}

export function clearOtpStamp(): void {
  try {
    window.localStorage.removeItem(OTP_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Whole seconds left before a new code may be asked for (0 when it may). */
export function secondsUntilResend(stamp: OtpStamp | null, now = Date.now()): number {
  if (!stamp) return 0;
  const left = Math.ceil((stamp.sent_at + stamp.wait_seconds * 1000 - now) / 1000);
  return Math.min(Math.max(left, 0), stamp.wait_seconds);
}

/** The live countdown for `userId`; `restart` records a new send. */
export function useResendCountdown(userId: string) {
  const [stamp, setStamp] = useState(() => readOtpStamp(userId));
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntilResend(stamp));

  useEffect(() => {
    setSecondsLeft(secondsUntilResend(stamp));
    if (secondsUntilResend(stamp) === 0) return;
    const timer = window.setInterval(() => {
      const left = secondsUntilResend(stamp);
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [stamp]);

  const restart = useCallback(
    (waitSeconds: number = OTP_RESEND_SECONDS) => setStamp(recordOtpSent(userId, waitSeconds)),
    [userId],
  );
  return { secondsLeft, restart };
}
