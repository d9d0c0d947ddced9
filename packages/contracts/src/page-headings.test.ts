import { describe, expect, it } from 'vitest';
import { isAppPath, staticPagePath } from './page-headings.ts';

const routes = [
  '/',
  '/search',
  '/company/{-$customerId}',
  '/support/',
  '/support/ticket/$id',
  '/servers/system-landscape/$',
  '/company/$customerId/contacts/',
];

describe('isAppPath', () => {
  it.each([
    '/',
    '/search',
    '/SEARCH/',
    '/company',
    '/company/1001',
    '/support',
    '/support/',
    '/support/ticket/10048',
    '/servers/system-landscape',
    '/servers/system-landscape/devices/12/interfaces',
    '/company/1001/contacts',
  ])('finds the page of %s', (pathname) => {
    expect(isAppPath(routes, pathname)).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/searches',
    '/company/1001/2',
    '/support/ticket',
    '/support/ticket/1/2',
    '/servers',
    '/company/1001/contacts/extra/more',
  ])('finds no page for %s', (pathname) => {
    expect(isAppPath(routes, pathname)).toBe(false);
  });

  it('finds no page when the build listed none', () => {
    expect(isAppPath([], '/')).toBe(false);
  });
});

describe('staticPagePath', () => {
  it('names the pages with a fixed heading, with or without a trailing slash', () => {
    expect(staticPagePath('/support')).toBe('/support');
    expect(staticPagePath('/support/')).toBe('/support');
    expect(staticPagePath('/support/ticket/1')).toBeUndefined();
    expect(staticPagePath('/toString')).toBeUndefined();
  });
});
