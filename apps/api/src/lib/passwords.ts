import { hash, verify, type Options } from '@node-rs/argon2';

/** Password hashing: argon2id (the library default) with its default cost, m=19 MiB, t=2, p=1 (OWASP). */
export interface TPasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const createPasswordHasher = (options: Omit<Options, 'algorithm'> = {}): TPasswordHasher => ({
  hash: (password) => hash(password, options),
  // The cost parameters travel in the hash, so any hash verifies whatever `options` say.
  verify: (passwordHash, password) => verify(passwordHash, password).catch(() => false),
});

/** Still argon2id, at a cost that keeps integration tests quick. Never for real passwords. */
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 } as const;
