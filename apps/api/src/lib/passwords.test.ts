import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords';

describe('password hasher', () => {
  const passwords = createPasswordHasher();

  it('hashes with argon2id at the OWASP cost and verifies', async () => {
    const hashed = await passwords.hash('Secret@123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await passwords.verify(hashed, 'Secret@123')).toBe(true);
    expect(await passwords.verify(hashed, 'Secret@124')).toBe(false);
  });

  it('answers false for a malformed hash', async () => {
    expect(await passwords.verify('not-a-hash', 'Secret@123')).toBe(false);
  });
});
