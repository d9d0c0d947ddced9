import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { idpKeys } from './idp.table.ts';
import type { IdpDatabase } from './types.ts';

/** The row of idp_keys that holds the secret for oidc-provider's signed cookies (an 'oct' JWK). */
export const COOKIE_SECRET_KID = 'cookie-secret';

export interface RsaJwk {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
}

export interface IdpKeys {
  /** Private JWKs for oidc-provider, the signing key first. */
  jwks: RsaJwk[];
  signing: { kid: string; privateKey: KeyObject };
  /** Public keys by kid, for verifying the tokens this IdP issued. */
  publicKeys: Map<string, KeyObject>;
  cookieSecret: string;
}

function isRsaJwk(value: Record<string, unknown>): value is Record<string, unknown> & RsaJwk {
  return (
    value.kty === 'RSA' &&
    ['kid', 'n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'].every((name) => typeof value[name] === 'string')
  );
}

async function newSigningKey(): Promise<RsaJwk> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  const candidate: Record<string, unknown> = { ...jwk, kid, alg: 'RS256', use: 'sig' };
  if (!isRsaJwk(candidate)) throw new Error('generated signing key is not a complete RSA JWK');
  return candidate;
}

async function readKeys(db: IdpDatabase) {
  return db.select().from(idpKeys).orderBy(asc(idpKeys.createdAt), asc(idpKeys.kid));
}

/**
 * Loads the signing keys and the cookie secret from idp_keys, creating them on the first start. Keys
 * live only in the database, never in files. Processes that start together may each insert a signing
 * key; all of them are published and every process signs with the oldest, so tokens verify everywhere.
 */
export async function ensureKeys(db: IdpDatabase): Promise<IdpKeys> {
  let rows = await readKeys(db);
  const missingSigning = !rows.some((row) => isRsaJwk(row.privateJwk));
  const missingCookie = !rows.some((row) => row.kid === COOKIE_SECRET_KID);
  if (missingSigning || missingCookie) {
    if (missingSigning) {
      const jwk = await newSigningKey();
      await db
        .insert(idpKeys)
        .values({ kid: jwk.kid, privateJwk: { ...jwk } })
        .onConflictDoNothing();
    }
    if (missingCookie) {
      const secret = { kty: 'oct', k: randomBytes(32).toString('base64url') };
      await db.insert(idpKeys).values({ kid: COOKIE_SECRET_KID, privateJwk: secret }).onConflictDoNothing();
    }
    rows = await readKeys(db);
  }

  const jwks = rows.map((row) => row.privateJwk).filter(isRsaJwk);
  const [first] = jwks;
  const cookie = rows.find((row) => row.kid === COOKIE_SECRET_KID)?.privateJwk.k;
  if (!first || typeof cookie !== 'string')
    throw new Error('idp_keys holds no usable signing key or cookie secret');

  const publicKeys = new Map<string, KeyObject>();
  for (const jwk of jwks) publicKeys.set(jwk.kid, createPublicKey({ key: { ...jwk }, format: 'jwk' }));
  return {
    jwks,
    signing: { kid: first.kid, privateKey: createPrivateKey({ key: { ...first }, format: 'jwk' }) },
    publicKeys,
    cookieSecret: cookie,
  };
}
