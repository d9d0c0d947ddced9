import { createHash, createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ensureKeys } from './keys.ts';
import type { IdpDatabase } from './types.ts';

/** Keycloak's path for action tokens (its execute-actions links), below the issuer. */
export const ACTION_TOKEN_PATH = '/login-actions/action-token';
/** How long a set-password link works: three days, enough for an invitation sent on a Friday. */
export const ACTION_TOKEN_LIFESPAN_SECONDS = 3 * 24 * 3600;
const TYPE = 'action+jwt';

/**
 * A short fingerprint of the stored password hash and the account's action stamp. A link carries the
 * fingerprint of the hash and stamp it was made for, so it works once: setting the password changes
 * the hash, and a newer link (an invitation sent again) changes the stamp; either way the link expires.
 */
export function passwordFingerprint(passwordHash: string | null, actionStamp?: string | null): string {
  const hash = createHash('sha256').update(passwordHash ?? 'no-password');
  if (actionStamp) hash.update(`\n${actionStamp}`);
  return hash.digest('base64url').slice(0, 22);
}

/**
 * Set-password links of the dev IdP (the portal's invitations). HS256 with a key derived from the
 * IdP's cookie secret in idp_keys, so that the API (which makes the link) and the IdP (which opens
 * it) agree without a key of their own, and no link outlives a key reset.
 */
export function createActionTokens(db: IdpDatabase) {
  let key: Promise<Uint8Array> | undefined;
  const secret = () => {
    key ??= ensureKeys(db).then(
      (keys) => new Uint8Array(createHmac('sha256', keys.cookieSecret).update('action-token').digest()),
    );
    return key;
  };

  return {
    async issue(input: {
      sub: string;
      passwordHash: string | null;
      actionStamp?: string | null;
      lifespanSeconds?: number;
    }): Promise<string> {
      return new SignJWT({
        act: 'UPDATE_PASSWORD',
        pwf: passwordFingerprint(input.passwordHash, input.actionStamp),
      })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(input.sub)
        .setIssuedAt()
        .setExpirationTime(
          Math.floor(Date.now() / 1000) + (input.lifespanSeconds ?? ACTION_TOKEN_LIFESPAN_SECONDS),
        )
        .sign(await secret());
    },

    /** The account and fingerprint of a valid, unexpired link; undefined for anything else. */
    async verify(token: string): Promise<{ sub: string; fingerprint: string } | undefined> {
      if (token.length > 2000) return undefined;
      try {
        const { payload } = await jwtVerify(token, await secret(), { algorithms: ['HS256'], typ: TYPE });
        if (payload.act !== 'UPDATE_PASSWORD' || typeof payload.pwf !== 'string' || !payload.sub) {
          return undefined;
        }
        return { sub: payload.sub, fingerprint: payload.pwf };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
export type ActionTokens = ReturnType<typeof createActionTokens>;
