import { describe, expect, it } from 'vitest';
import { createCipher, randomDigits } from './crypto';

describe('cipher', () => {
  const cipher = createCipher('cd'.repeat(32));

  it('round-trips and uses a fresh IV each time', () => {
    const a = cipher.encrypt('secret pair');
    expect(cipher.decrypt(a)).toBe('secret pair');
    expect(cipher.encrypt('secret pair')).not.toBe(a);
  });

  it('refuses tampered or foreign ciphertext', () => {
    const sealed = cipher.encrypt('secret');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${body!.slice(0, -2)}AA`;
    expect(() => cipher.decrypt(flipped)).toThrow();
    expect(() => createCipher('ef'.repeat(32)).decrypt(sealed)).toThrow();
  });

  it('keys the HMAC', () => {
    expect(cipher.hmac('123456')).toBe(cipher.hmac('123456'));
    expect(createCipher('ef'.repeat(32)).hmac('123456')).not.toBe(cipher.hmac('123456'));
  });
});

describe('randomDigits', () => {
  it('always has the requested length', () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });
});
