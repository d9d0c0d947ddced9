import { describe, expect, it } from 'vitest';
import { languageCookie } from './me.ts';

describe('the language cookie', () => {
  it('names the language for a year, site-wide, and is Secure only over HTTPS', () => {
    expect(languageCookie('nl')).toBe('portaal_lang=nl; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('en', true)).toBe(
      'portaal_lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
  });
});
