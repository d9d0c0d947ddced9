import { createMemoryHistory, createRouter, defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../routeTree.gen.ts';
import { idParam, strictSearch, stringifySearch, textParam } from './search-params.ts';

/** The search a page gets for a hand-made link. Matching only: no page loads, the session is not read. */
function pageSearch(url: string): Record<string, unknown> {
  const router = createRouter({
    routeTree,
    context: {} as never,
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const matches = router.matchRoutes(router.latestLocation);
  return matches.at(-1)?.search as Record<string, unknown>;
}

/** What the router makes of ?key=…: JSON where it parses (a number, true, null, a list), else text. */
const HAND_MADE = ['123', '2026', 'true', 'null', '[1]', '{"a":1}', 'abc', '', '%22x%22'];

describe('search params', () => {
  it('reads a number or true/false the router parsed as the text typed, and nothing else as text', () => {
    expect(textParam(2026, 60)).toBe('2026');
    expect(textParam(true, 60)).toBe('true');
    expect(textParam('INV-2026', 3)).toBe('INV');
    expect(textParam(null, 60)).toBeUndefined();
    expect(textParam([1], 60)).toBeUndefined();
  });

  it('reads an id as a whole number 1…2³¹−1, typed or parsed, and nothing else', () => {
    for (const [value, id] of [
      [1002, 1002],
      ['1002', 1002],
      [2_147_483_647, 2_147_483_647],
    ] as const) {
      expect(idParam(value), String(value)).toBe(id);
    }
    for (const value of [
      true,
      false,
      [1],
      '0x10',
      '1e3',
      ' 5',
      '05',
      '0',
      0,
      -1,
      1.5,
      2_147_483_648,
      '2147483648',
      null,
      {},
    ]) {
      expect(idParam(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it.each([
    ['/servers/kubeconfig-instructions', 'cluster'],
    ['/sla-usage/usage', 'customer'],
    ['/admin/tickets', 'customer'],
    ['/sla-usage/application-statuses', 'app'],
  ])('%s?%s=true opens with no id rather than id 1', (path, key) => {
    expect(pageSearch(`${path}?${key}=true`)[key]).toBeUndefined();
    expect(pageSearch(`${path}?${key}=3`)[key]).toBe(3);
  });

  it('writes text as typed where the parse gives it back, and as JSON where it would not', () => {
    expect(stringifySearch({ q: '2026' })).toBe('?q=2026');
    expect(stringifySearch({ q: 'true', customer: 1002 })).toBe('?q=true&customer=1002');
    expect(stringifySearch({ q: 'INV-2026' })).toBe('?q=INV-2026');
    for (const typed of [
      '2026',
      'true',
      'null',
      '[1]',
      '"disk full"',
      '1e3',
      ' 5',
      '{"a":1}',
      '007',
      'a b',
    ]) {
      const read = textParam(
        (defaultParseSearch(stringifySearch({ q: typed })) as Record<string, unknown>).q,
        60,
      );
      expect(read, typed).toBe(typed);
    }
  });

  it('keeps a landscape site whose slug is digits only', () => {
    expect(pageSearch('/servers/system-landscape?location=12').location).toBe('12');
    expect(pageSearch('/servers/system-landscape?location=amsterdam-1').location).toBe('amsterdam-1');
    expect(pageSearch('/servers/system-landscape?location=Ams%20X').location).toBeUndefined();
  });

  it('gives the app router text as typed in its addresses', async () => {
    const router = createRouter({
      routeTree,
      context: {} as never,
      history: createMemoryHistory({ initialEntries: ['/'] }),
      stringifySearch,
    });
    const location = router.buildLocation({ to: '/search', search: { q: '2026' } });
    expect(location.href).toBe('/search?q=2026');
  });

  it('leaves no key of the URL unchecked', () => {
    const validate = strictSearch((search) => (search.view === 'timeline' ? { view: 'timeline' } : {}));
    expect(validate({ view: [1], q: 5 })).toStrictEqual({ view: undefined, q: undefined });
  });

  it.each([
    '/administration/invoices',
    '/administration/contracts',
    '/servers/system-landscape',
    '/support',
    '/search',
    '/admin/customers',
    '/admin/usage',
    '/admin/crosschecks/2026-10',
  ])('%s?q=2026 gives its page the text 2026', (path) => {
    expect(pageSearch(`${path}?q=2026`).q).toBe('2026');
  });

  it('keeps what a page reads itself: the server of a new ticket', () => {
    expect(pageSearch('/support/new-ticket?object=devices/5').object).toBe('devices/5');
  });

  it('gives no page a list, an object or null from a hand-made link, and ?q= only as text', () => {
    const router = createRouter({ routeTree, context: {} as never });
    const paths = Object.keys(router.routesByPath)
      .filter((path) => router.routesByPath[path as keyof typeof router.routesByPath].options.validateSearch)
      .map((path) => path.replace('$month', '2026-10').replace(/\$\w*/g, '1'));
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      for (const key of ['q', 'page', 'status', 'view', 'kind', 'customer', 'period', 'show']) {
        for (const value of HAND_MADE) {
          const search = pageSearch(`${path}?${key}=${value}`);
          for (const [name, read] of Object.entries(search)) {
            expect(
              ['string', 'number', 'boolean', 'undefined'],
              `${path}?${key}=${value}: ${name}`,
            ).toContain(typeof read);
          }
        }
      }
    }
  });
});
