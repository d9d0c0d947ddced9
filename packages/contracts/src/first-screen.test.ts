import { describe, expect, it } from 'vitest';
import { HOME_NAME_MAX, homeCookie, homeFromCookie } from './first-screen.ts';

/** The Cookie header a browser sends back for a Set-Cookie-style line. */
const sent = (line: string | undefined) => line?.split(';')[0];

describe('the home cookie', () => {
  it.each([
    { name: 'Sanne' },
    { name: 'Sanne', customer: 'Jansen & Zn | Hosting' },
    { name: 'José Müller', customer: '1001' },
    { name: 'Ærøskøbing 🚀', customer: '<b>"Bedrijf"</b>; path=/' },
    { name: 'n'.repeat(HOME_NAME_MAX), customer: '😀'.repeat(HOME_NAME_MAX) },
  ])('gives back the names it keeps: %o', (heading) => {
    const cookie = homeCookie(heading);
    expect(cookie).toMatch(/^portaal_home=[^;\s]+; path=\/; max-age=31536000; samesite=lax$/);
    expect(homeFromCookie(`portaal_lang=nl; ${sent(cookie)}; portaal_pages=support`)).toEqual(heading);
  });

  it('writes names that the server then ignores: empty, too long, with control characters', () => {
    for (const heading of [
      { name: ' ' },
      { name: 'n'.repeat(HOME_NAME_MAX + 1) },
      { name: 'Sanne', customer: 'c'.repeat(HOME_NAME_MAX + 1) },
      { name: 'San\u0000ne' },
      { name: 'Sanne', customer: 'A\tB' },
    ])
      expect(homeFromCookie(sent(homeCookie(heading))), JSON.stringify(heading)).toBeUndefined();
  });

  it.each([
    undefined,
    '',
    'portaal_home=',
    'portaal_home=%20',
    'portaal_home=%E0%A4%A',
    'portaal_home=a|b|c',
    'portaal_home=San%00ne',
    'portaal_home=Sanne|%0A',
    `portaal_home=${'n'.repeat(HOME_NAME_MAX + 1)}`,
    'other_home=Sanne',
  ])('reads no names from %s', (header) => {
    expect(homeFromCookie(header)).toBeUndefined();
  });
});
