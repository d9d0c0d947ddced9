import type { KeyObject } from 'node:crypto';
import { compactVerify, type JWTPayload, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import type { IdpKeys } from './keys.ts';

export interface RefreshEnvelopeInput {
  /** The opaque refresh token oidc-provider issued and will look up. */
  opaque: string;
  sub: string;
  iat: number;
  exp: number;
  sid?: string | undefined;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
}

export interface IdTokenHint {
  sub: string;
  sid?: string | undefined;
}

const CLOCK_TOLERANCE = 5;

/**
 * The JWT shapes this IdP adds around oidc-provider: keycloak-js decodes refresh tokens as JWTs, so
 * the opaque refresh token travels inside a signed envelope (aud = issuer, never the API audience),
 * and userinfo, account and logout verify tokens with the IdP's own keys.
 */
export function createTokenTools({
  issuer,
  clientId,
  audience,
  keys,
}: {
  issuer: string;
  clientId: string;
  audience: string;
  keys: IdpKeys;
}) {
  const getKey: JWTVerifyGetKey = async (header): Promise<KeyObject> => {
    const key = header.kid ? keys.publicKeys.get(header.kid) : undefined;
    if (!key) throw new Error('unknown signing key');
    return key;
  };

  async function wrapRefreshToken({ opaque, sub, iat, exp, sid }: RefreshEnvelopeInput): Promise<string> {
    return new SignJWT({ typ: 'Refresh', azp: clientId, ...(sid ? { sid } : {}) })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keys.signing.kid })
      .setIssuer(issuer)
      .setAudience(issuer)
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(opaque)
      .sign(keys.signing.privateKey);
  }

  /** The opaque token inside a valid envelope of ours; undefined for anything else. */
  async function unwrapRefreshToken(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer,
        audience: issuer,
        algorithms: ['RS256'],
        typ: 'JWT',
        clockTolerance: CLOCK_TOLERANCE,
      });
      if (payload.typ !== 'Refresh' || payload.azp !== clientId || typeof payload.jti !== 'string')
        return undefined;
      return payload.jti;
    } catch {
      return undefined;
    }
  }

  /** An access token this IdP issued for the API; ID and refresh tokens do not pass. */
  async function verifyAccessToken(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer,
        audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_TOLERANCE,
      });
      if (payload.typ !== 'Bearer' || typeof payload.sub !== 'string' || payload.sub === '') return undefined;
      return { ...payload, sub: payload.sub };
    } catch {
      return undefined;
    }
  }

  /**
   * An ID token of ours for this client. Expiry is ignored on purpose: a browser that comes back
   * after a while still holds only an expired ID token, and must still be able to sign out.
   */
  async function verifyIdTokenHint(token: string): Promise<IdTokenHint | undefined> {
    try {
      const { payload } = await compactVerify(token, getKey, { algorithms: ['RS256'] });
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (typeof claims !== 'object' || claims === null) return undefined;
      const { iss, aud, sub, sid, typ } = claims as Record<string, unknown>;
      const audiences = Array.isArray(aud) ? aud : [aud];
      if (iss !== issuer || !audiences.includes(clientId) || typ !== 'ID' || typeof sub !== 'string')
        return undefined;
      return { sub, sid: typeof sid === 'string' ? sid : undefined };
    } catch {
      return undefined;
    }
  }

  return { wrapRefreshToken, unwrapRefreshToken, verifyAccessToken, verifyIdTokenHint };
}

export type TokenTools = ReturnType<typeof createTokenTools>;
