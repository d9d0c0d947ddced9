import { meUpdateSchema } from '@portaal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBody, expectProblem } from './fuzz-support.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { call, tokenSource } from './tokens.ts';

/**
 * Property-based fuzzing of PUT /api/v2/me, the caller's language: any JSON body. The oracle: nothing
 * answers 5xx; the API accepts exactly what meUpdateSchema accepts; a refusal is a problem, changes
 * no language and sets no cookie; a success stores the language and sets the cookie to it.
 */
const RUNS = 200;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenSource(server)('financial-viewer');
});
afterAll(async () => server?.close());

const language = async () =>
  ((await call(server, 'GET', '/api/v2/me', { token })).json as { language: string }).language;

describe('fuzzing PUT /api/v2/me', () => {
  const body = fc.oneof(
    fc.record({ language: fc.constantFrom('en', 'nl') }),
    fc.record({ language: fc.constantFrom('EN', 'de', 'nl ', '', 'nl\u0000', 'en-GB') }),
    fc.record({ language: fc.jsonValue() }),
    fc.record({ language: fc.constantFrom('en', 'nl'), extra: fc.jsonValue() }),
    fc.jsonValue(),
  );

  it(`never fails, and changes the language only when the schema accepts the body (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const before = await language();
        const response = await call(server, 'PUT', '/api/v2/me', { token, body: value });
        expect(response.status, JSON.stringify(value)).toBeLessThan(500);
        const verdict = acceptedBody(meUpdateSchema, value);
        if (!verdict.success) {
          expect(response.status, JSON.stringify(value)).toBe(400);
          expectProblem(response);
          expect(response.headers.get('set-cookie')).toBeNull();
          expect(await language()).toBe(before);
          return;
        }
        expect(response.status).toBe(200);
        expect(await language()).toBe(verdict.data.language);
        expect(response.headers.get('set-cookie')).toMatch(
          new RegExp(`^portaal_lang=${verdict.data.language};`),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
