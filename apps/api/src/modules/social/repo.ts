import { and, eq, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  oidc_states,
  user_identities,
  type TOidcStateRow,
  type TSocialProviderId,
  type TUserIdentityRow,
} from '../../db/schema';

/** Login services of users: by the provider's subject, or by the user's own id. */
export const identitiesRepo = (db: TDb) => ({
  findBySubject: async (provider: TSocialProviderId, subject: string): Promise<TUserIdentityRow | null> =>
    (
      await db
        .select()
        .from(user_identities)
        .where(and(eq(user_identities.provider, provider), eq(user_identities.subject, subject)))
        .limit(1)
    )[0] ?? null,

  listForUser: async (userId: string): Promise<TUserIdentityRow[]> =>
    db.select().from(user_identities).where(eq(user_identities.user_id, userId)),

  findForUser: async (userId: string, provider: TSocialProviderId): Promise<TUserIdentityRow | null> =>
    (
      await db
        .select()
        .from(user_identities)
        .where(and(eq(user_identities.user_id, userId), eq(user_identities.provider, provider)))
        .limit(1)
    )[0] ?? null,

  /** Links an identity; null when either unique key is taken (a concurrent link won, or another user has it). */
  link: async (values: {
    user_id: string;
    provider: TSocialProviderId;
    subject: string;
    email: string | null;
    now: Date;
  }): Promise<TUserIdentityRow | null> =>
    (
      await db
        .insert(user_identities)
        .values({
          user_id: values.user_id,
          provider: values.provider,
          subject: values.subject,
          email: values.email,
          created_at: values.now,
        })
        .onConflictDoNothing()
        .returning()
    )[0] ?? null,

  unlink: async (userId: string, provider: TSocialProviderId): Promise<boolean> =>
    (
      await db
        .delete(user_identities)
        .where(and(eq(user_identities.user_id, userId), eq(user_identities.provider, provider)))
        .returning({ id: user_identities.id })
    ).length > 0,
});

/** Sign-ins in progress. */
export const oidcStatesRepo = (db: TDb) => ({
  /** Stores a new state and sweeps the expired ones, so the table stays the size of what is in flight. */
  insert: async (values: Omit<typeof oidc_states.$inferInsert, 'id'>, now: Date) => {
    await db.delete(oidc_states).where(lt(oidc_states.expires_at, now));
    await db.insert(oidc_states).values(values);
  },

  /** Removes and returns the state: a state is good for one callback, whatever its outcome. */
  take: async (provider: TSocialProviderId, stateHash: string): Promise<TOidcStateRow | null> =>
    (
      await db
        .delete(oidc_states)
        .where(and(eq(oidc_states.state_hash, stateHash), eq(oidc_states.provider, provider)))
        .returning()
    )[0] ?? null,
});
