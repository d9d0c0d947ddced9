import { createHmac, createPublicKey } from 'node:crypto';
import http from 'node:http';
import { loginWithPassword } from '@portaal/idp/testing';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call } from './tokens.ts';

/** Every forged or misused token is refused with 401; only a real access token passes. */
let server: TestServer;
let issuerKey: { kid: string; jwk: JWK };
let real: { access_token: string; id_token: string; refresh_token: string };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  server = await startTestServer();
  real = await loginWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: `${server.baseUrl}/`,
    username: 'owner',
    password: 'demo',
  });
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ kid: string; private_jwk: JWK }>(
    "select kid, private_jwk from idp_keys where private_jwk->>'kty' = 'RSA' order by created_at limit 1",
  );
  await client.end();
  const row = rows[0];
  if (!row) throw new Error('the dev IdP stored no RSA signing key');
  issuerKey = { kid: row.kid, jwk: row.private_jwk };
});
afterAll(async () => server?.close());

const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: server.issuer,
    aud: 'portaal-api',
    sub: '6f1c2a10-0001-4a1e-9c01-000000000001',
    typ: 'Bearer',
    azp: server.clientId,
    preferred_username: 'owner',
    iat: now(),
    exp: now() + 300,
    ...overrides,
  };
}

async function signWithIssuerKey(payload: JWTPayload, header: Record<string, unknown> = {}) {
  const key = await importJWK(issuerKey.jwk, 'RS256');
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: issuerKey.kid, typ: 'at+jwt', ...header })
    .sign(key);
}

async function status(token: string) {
  return (await call(server, 'GET', '/api/v2/customer/1001', { token })).status;
}

describe('bearer tokens', () => {
  it('accepts the real access token and a correctly forged one (the signing key is the real one)', async () => {
    expect(await status(real.access_token)).toBe(200);
    expect(await status(await signWithIssuerKey(claims()))).toBe(200);
  });

  it('refuses alg none', async () => {
    const token = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims())}.`;
    expect(await status(token)).toBe(401);
  });

  it('refuses HS256 signed with the public key', async () => {
    const publicPem = createPublicKey({ key: issuerKey.jwk as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const head = b64({ alg: 'HS256', typ: 'at+jwt', kid: issuerKey.kid });
    const body = b64(claims());
    const signature = createHmac('sha256', publicPem).update(`${head}.${body}`).digest('base64url');
    expect(await status(`${head}.${body}.${signature}`)).toBe(401);
  });

  it.each([
    ['a wrong issuer', { iss: 'http://evil.example/realms/portaal' }],
    ['a wrong audience', { aud: 'another-api' }],
    ['the client as audience', { aud: 'portaal-web' }],
    ['an expired token', { iat: now() - 900, exp: now() - 600 }],
    ['nbf in the future', { nbf: now() + 600 }],
    ['no exp', { exp: undefined }],
    ['no subject', { sub: undefined }],
  ])('refuses %s', async (_label, overrides) => {
    const payload = claims(overrides as JWTPayload);
    for (const key of Object.keys(payload) as (keyof JWTPayload)[])
      if (payload[key] === undefined) delete payload[key];
    expect(await status(await signWithIssuerKey(payload))).toBe(401);
  });

  it('refuses an unknown kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', kid: 'unknown-kid', typ: 'at+jwt' })
      .sign(privateKey);
    expect(await status(token)).toBe(401);
  });

  it('refuses the real ID token and the real refresh token', async () => {
    expect(await status(real.id_token)).toBe(401);
    expect(await status(real.refresh_token)).toBe(401);
  });

  it('refuses an ID-typed token even with the API audience', async () => {
    const token = await signWithIssuerKey(claims({ typ: 'ID' }), { typ: 'JWT' });
    expect(await status(token)).toBe(401);
  });

  it('refuses a tampered payload', async () => {
    const [head, , signature] = real.access_token.split('.');
    const forged = JSON.parse(Buffer.from(real.access_token.split('.')[1] ?? '', 'base64url').toString());
    forged.sub = '6f1c2a10-0008-4a1e-9c01-000000000008';
    forged.resource_access = { 'portaal-web': { roles: ['provider_moderator'] } };
    expect(await status(`${head}.${b64(forged)}.${signature}`)).toBe(401);
  });

  it('refuses a token of another issuer with its own keys', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    expect(jwk.kty).toBe('RSA');
    const token = await new SignJWT(claims({ iss: 'http://127.0.0.1:1/realms/other' }))
      .setProtectedHeader({ alg: 'RS256', kid: issuerKey.kid, typ: 'at+jwt' })
      .sign(privateKey);
    expect(await status(token)).toBe(401);
  });

  it.each([
    '',
    'Bearer',
    'Basic dXNlcjpwYXNz',
    'Bearer not.a.jwt',
    'Bearer a.b',
    `Bearer ${'x'.repeat(5000)}`,
  ])('refuses the header %j', async (header) => {
    const response = await call(server, 'GET', '/api/v2/customer/1001', {
      headers: { authorization: header },
    });
    expect(response.status).toBe(401);
    expect((response.json as { code: string }).code).toBe('UNAUTHENTICATED');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

describe('one kept-alive connection', () => {
  /** GETs over a single kept-alive socket; says whether each call reused it. */
  async function onOneConnection(headers: (string | undefined)[], pauseMs: number[] = []) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const answers: { status: number; reused: boolean }[] = [];
    try {
      for (const [index, authorization] of headers.entries()) {
        if (pauseMs[index]) await new Promise((resolve) => setTimeout(resolve, pauseMs[index]));
        answers.push(
          await new Promise((resolve, reject) => {
            const request = http.get(
              `${server.baseUrl}/api/v2/customer/1001`,
              { agent, headers: authorization === undefined ? {} : { authorization } },
              (response) => {
                response.resume();
                response.on('end', () =>
                  resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
                );
              },
            );
            request.on('error', reject);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    return answers;
  }

  it('checks each call on its own: another or no header after a good one is refused, the good one passes again', async () => {
    const good = `Bearer ${real.access_token}`;
    const forged = `Bearer ${await signWithIssuerKey(claims({ iss: 'http://evil.example/realms/portaal' }))}`;
    const answers = await onOneConnection([good, good, forged, undefined, good]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 401, 200]);
    expect(answers.slice(1).every((answer) => answer.reused)).toBe(true);
  });

  it('refuses a token that expires while the connection stays open', async () => {
    // Past exp and the verifier's 5 s clock tolerance.
    const shortLived = `Bearer ${await signWithIssuerKey(claims({ exp: now() + 1 }))}`;
    const answers = await onOneConnection([shortLived, shortLived], [0, 6_500]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401]);
    expect(answers[1]?.reused).toBe(true);
  }, 15_000);
});
