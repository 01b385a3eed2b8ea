import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CryptoKey, JWK } from 'jose';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import { z } from 'zod';

export const SIGNING_ALG = 'RS256';

const ZKeyFileSchema = z.object({
  kid: z.string(),
  privateJwk: z.record(z.string(), z.unknown()),
});

export interface TSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as published in the JWKS. */
  publicJwk: JWK;
}

const publicPart = (jwk: JWK, kid: string): JWK => ({ kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: SIGNING_ALG, use: 'sig' });

const fromPrivateJwk = async (privateJwk: JWK, kid: string): Promise<TSigningKey> => {
  const publicJwk = publicPart(privateJwk, kid);
  return {
    kid,
    privateKey: (await importJWK(privateJwk, SIGNING_ALG)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey,
    publicJwk,
  };
};

/**
 * The RSA key the providers sign ID tokens with: generated on first start and kept in `file`, so tokens
 * and cached JWKS stay valid across restarts.
 */
export const loadOrCreateSigningKey = async (file: string): Promise<TSigningKey> => {
  try {
    const stored = ZKeyFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    return await fromPrivateJwk(stored.privateJwk, stored.kid);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Unreadable OIDC key file ${file}`, { cause: err });
  }
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicPart(privateJwk, ''));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ kid, privateJwk }, null, 2), { mode: 0o600 });
  return fromPrivateJwk(privateJwk, kid);
};
