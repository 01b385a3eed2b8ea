import type { SessionInfo } from '@/lib/trpc';

/** The avatar letters of the header and the profile form. */
export function initialsOf(session: Pick<SessionInfo, 'first_name' | 'last_name' | 'email'>): string {
  const fromName = [session.first_name, session.last_name]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return fromName || session.email.charAt(0).toUpperCase();
}
