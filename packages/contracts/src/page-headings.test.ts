import { describe, expect, it } from 'vitest';
import { isAppPath, openablePages, pagesCookie, pagesFromCookie, staticPagePath } from './page-headings.ts';

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

describe('the pages cookie', () => {
  it('names the pages the user may open in one of their customers', () => {
    // A viewer of one customer and a financial viewer of another: support, and administration with invoices.
    const rights = { '1001': ['ticket-read'], '1002': ['invoice-read', 'uptime-read'] };
    expect(openablePages(rights)).toEqual([
      '/support',
      '/administration',
      '/administration/invoices',
      '/sla-usage',
      '/sla-usage/application-statuses',
    ]);
    expect(pagesCookie(rights)).toBe(
      'portaal_pages=support|administration|administration/invoices|sla-usage|sla-usage/application-statuses; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(pagesCookie({}, true)).toBe('portaal_pages=; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it("counts staff's global rights for every customer", () => {
    expect(openablePages({ global: ['ticket-read', 'infra-read'] })).toEqual([
      '/support',
      '/servers/system-landscape',
    ]);
  });

  it('reads back only pages that have a fixed heading', () => {
    expect(pagesFromCookie('a=1; portaal_pages=support|servers/trends|nothing|; b=2')).toEqual(
      new Set(['/support', '/servers/trends']),
    );
    expect(pagesFromCookie('xportaal_pages=support')).toEqual(new Set());
    expect(pagesFromCookie(undefined)).toEqual(new Set());
  });
});
