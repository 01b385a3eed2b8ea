import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import {
  oidc_states,
  social_signups,
  user_identities,
  type TOidcStateRow,
  type TSocialProviderId,
  type TSocialSignupRow,
  type TUserIdentityRow,
} from '../../db/schema';
import { isUuid } from '../../lib/ids';

/** Who an account is at its provider: the key of `user_identities` (and of `social_signups`). */
export interface TIdentityKey {
  provider: TSocialProviderId;
  issuer: string;
  tenant_id: string;
  subject: string;
}

const identityIs = (key: TIdentityKey) =>
  and(
    eq(user_identities.provider, key.provider),
    eq(user_identities.issuer, key.issuer),
    eq(user_identities.tenant_id, key.tenant_id),
    eq(user_identities.subject, key.subject),
  );

/** Login services of users: by the identity (never by e-mail), or by the user's own id. */
export const identitiesRepo = (db: TDb) => ({
  findByKey: async (key: TIdentityKey): Promise<TUserIdentityRow | null> =>
    (await db.select().from(user_identities).where(identityIs(key)).limit(1))[0] ?? null,

  /**
   * A row linked before issuers were kept ('' issuer and tenant) whose subject is the provider's `sub`, made
   * whole with the full key. Null when there is none (or a concurrent sign-in completed it first).
   */
  completeLegacy: async (
    key: TIdentityKey,
    sub: string,
    email: string | null,
  ): Promise<TUserIdentityRow | null> =>
    (
      await db
        .update(user_identities)
        .set({ issuer: key.issuer, tenant_id: key.tenant_id, subject: key.subject, email })
        .where(
          and(
            eq(user_identities.provider, key.provider),
            eq(user_identities.issuer, ''),
            eq(user_identities.tenant_id, ''),
            eq(user_identities.subject, sub),
          ),
        )
        .returning()
    )[0] ?? null,

  /** Keeps the address shown on the profile current (the provider's `email` may change). */
  updateEmail: async (id: string, email: string | null) => {
    await db.update(user_identities).set({ email }).where(eq(user_identities.id, id));
  },

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
    key: TIdentityKey;
    email: string | null;
    now: Date;
  }): Promise<TUserIdentityRow | null> =>
    (
      await db
        .insert(user_identities)
        .values({ user_id: values.user_id, ...values.key, email: values.email, created_at: values.now })
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

/** Social sign-ups waiting for their e-mail code: one per identity. */
export const socialSignupsRepo = (db: TDb) => ({
  findById: async (id: string): Promise<TSocialSignupRow | null> =>
    !isUuid(id)
      ? null
      : ((await db.select().from(social_signups).where(eq(social_signups.id, id)).limit(1))[0] ?? null),

  findByKey: async (key: TIdentityKey): Promise<TSocialSignupRow | null> =>
    (
      await db
        .select()
        .from(social_signups)
        .where(
          and(
            eq(social_signups.provider, key.provider),
            eq(social_signups.issuer, key.issuer),
            eq(social_signups.tenant_id, key.tenant_id),
            eq(social_signups.subject, key.subject),
          ),
        )
        .limit(1)
    )[0] ?? null,

  /**
   * Stores the identity's sign-up (sweeping expired ones), replacing an earlier one of the same identity: the
   * latest browser to sign in is the one that may finish. The earlier code is kept when it went to the same
   * address after `resendNotBefore` (a repeated sign-in does not flood the inbox); otherwise `code` replaces it.
   * The caller mails its code only when the returned row holds it.
   */
  upsert: async (
    values: Omit<
      typeof social_signups.$inferInsert,
      'id' | 'attempts' | 'code_hash' | 'code_expires_at' | 'code_sent_at' | 'created_at'
    >,
    code: { code_hash: string; code_expires_at: Date; code_sent_at: Date },
    resendNotBefore: Date,
  ): Promise<TSocialSignupRow> => {
    const now = code.code_sent_at;
    await db.delete(social_signups).where(lt(social_signups.expires_at, now));
    const keep = sql`(${social_signups.email} = excluded.email and ${social_signups.code_sent_at} > ${resendNotBefore.toISOString()}::timestamptz)`;
    const kept = (column: AnyPgColumn) =>
      sql`case when ${keep} then ${column} else excluded.${sql.identifier(column.name)} end`;
    const [row] = await db
      .insert(social_signups)
      .values({ ...values, ...code, created_at: now })
      .onConflictDoUpdate({
        target: [
          social_signups.provider,
          social_signups.issuer,
          social_signups.tenant_id,
          social_signups.subject,
        ],
        set: {
          ...values,
          code_hash: kept(social_signups.code_hash),
          code_expires_at: kept(social_signups.code_expires_at),
          code_sent_at: kept(social_signups.code_sent_at),
          attempts: sql`case when ${keep} then ${social_signups.attempts} else 0 end`,
        },
      })
      .returning();
    if (!row) throw new Error('social sign-up upsert returned no row');
    return row;
  },

  /** A new code unless the current one was sent after `notBefore` (the resend throttle); false when throttled. */
  replaceCode: async (
    id: string,
    code: { code_hash: string; code_expires_at: Date; code_sent_at: Date },
    notBefore: Date,
  ): Promise<boolean> =>
    (
      await db
        .update(social_signups)
        .set({ ...code, attempts: 0 })
        .where(and(eq(social_signups.id, id), lte(social_signups.code_sent_at, notBefore)))
        .returning({ id: social_signups.id })
    ).length > 0,

  /** Removes the sign-up; false when it was gone already (finished concurrently). */
  take: async (id: string): Promise<boolean> =>
    (await db.delete(social_signups).where(eq(social_signups.id, id)).returning({ id: social_signups.id }))
      .length > 0,
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
