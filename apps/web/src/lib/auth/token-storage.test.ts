import { describe, expect, it } from 'vitest';
import { tokenSecondsLeft } from './token-storage.ts';

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
