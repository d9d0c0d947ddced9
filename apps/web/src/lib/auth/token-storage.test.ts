import { describe, expect, it } from 'vitest';
import { TOKEN_KEYS, tokenPayload, tokenSecondsLeft, tokenSubject, tokensRemoved } from './token-storage.ts';

const jwt = (payload: unknown) =>
  `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;

describe('tokenSecondsLeft', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  it('answers the seconds until exp', () => {
    expect(tokenSecondsLeft(jwt({ exp: now / 1000 + 300, name: 'Anne' }), now)).toBe(300);
    expect(tokenSecondsLeft(jwt({ exp: now / 1000 - 5 }), now)).toBe(-5);
  });
  it('answers -1 for what is not a readable token', () => {
    for (const token of ['', 'abc', 'a.%%%.c', jwt({ exp: '300' }), jwt(null), 'a.bnVsbA.c'])
      expect(tokenSecondsLeft(token, now)).toBe(-1);
  });
});

describe('tokenPayload and tokenSubject', () => {
  it('read the claims of a token, non-ASCII names included', () => {
    const token = jwt({ sub: 'u-1', name: 'Anne' });
    expect(tokenPayload(token)).toEqual({ sub: 'u-1', name: 'Anne' });
    expect(tokenSubject(token)).toBe('u-1');
    const utf8 = `x.${btoa(String.fromCharCode(...new TextEncoder().encode('{"name":"Zoë"}'))).replace(/=+$/, '')}.y`;
    expect(tokenPayload(utf8)).toEqual({ name: 'Zoë' });
  });
  it('answer nothing for what is not a readable token', () => {
    for (const token of ['', 'abc', 'a.%%%.c', jwt(null), jwt([1])]) {
      expect(tokenSubject(token)).toBeUndefined();
    }
    expect(tokenPayload('a.%%%.c')).toEqual({});
    expect(tokenSubject(jwt({ sub: 7 }))).toBeUndefined();
  });
});

describe('tokensRemoved', () => {
  it('answers true when another tab signed out (storage emptied) or removed a token', () => {
    expect(tokensRemoved(null, null)).toBe(true);
    expect(tokensRemoved(TOKEN_KEYS.auth, null)).toBe(true);
    expect(tokensRemoved(TOKEN_KEYS.refresh, null)).toBe(true);
  });
  it('answers false for a refresh in another tab and for keys that are not the session', () => {
    expect(tokensRemoved(TOKEN_KEYS.auth, 'new.access.token')).toBe(false);
    expect(tokensRemoved(TOKEN_KEYS.refresh, 'new.refresh.token')).toBe(false);
    expect(tokensRemoved(TOKEN_KEYS.id, null)).toBe(false);
    expect(tokensRemoved('kc-callback-123', null)).toBe(false);
    expect(tokensRemoved('selected_customer_id', null)).toBe(false);
  });
});
