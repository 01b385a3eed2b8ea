import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** Opaque secret for links and refresh tokens: 32 random bytes, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A uniformly random numeric code of `length` digits, zero-padded. */
export const randomDigits = (length: number): string =>
  String(randomInt(0, 10 ** length)).padStart(length, '0');

/** Lookup hash of a high-entropy secret (refresh and one-time tokens). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
};

/**
 * Symmetric helpers bound to ENCRYPTION_KEY. `hmac` keys low-entropy secrets (OTPs) so a stolen table
 * cannot be brute-forced offline; `encrypt`/`decrypt` are AES-256-GCM with a random 96-bit IV.
 */
export interface TCipher {
  hmac(value: string): string;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export const createCipher = (hexKey: string): TCipher => {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes');
  // Separate keys per use, derived from the one configured key.
  const macKey = createHmac('sha256', key).update('feedloom:hmac').digest();
  return {
    hmac: (value) => createHmac('sha256', macKey).update(value).digest('base64url'),
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt: (sealed) => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unsupported ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};
