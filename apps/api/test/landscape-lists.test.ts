import {
  type LandscapeKind,
  type LandscapeObject,
  type LandscapeSort,
  type LandscapeSummary,
  landscapeKinds,
  landscapeSorts,
} from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * The landscape lists with every combination of their filters (status, location, text), every sort,
 * and paging: each statement shape (landscape.repo.ts's landscapeListSql builds one per combination)
 * must answer exactly the customer's unfiltered list in the same order with the filters applied, page
 * by page. The routes only read, so this file uses the run's shared database (the demo seed).
 */
const CUSTOMER = 1001;
const PAGE = 2;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await tokenSource(server)('owner');
});
afterAll(async () => server?.close());

const path = (kind: LandscapeKind, query: string) =>
  `/api/v2/customer/${CUSTOMER}/landscape/${kind}?${query}`;

async function get(url: string) {
  const response = await send(server, 'GET', url, { token });
  expect(response.status, url).toBe(200);
  return response;
}

/** Every page of a list, following the Link headers. */
async function walk(kind: LandscapeKind, query: string): Promise<LandscapeObject[]> {
  const items: LandscapeObject[] = [];
  let url: string | undefined = path(kind, `${query}&limit=${PAGE}`);
  for (let pages = 0; url; pages++) {
    expect(pages, `${url} pages`).toBeLessThan(100);
    const response = await get(url);
    items.push(...(response.json as LandscapeObject[]));
    url = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return items;
}

/** What the text search looks at, per kind (landscape.repo.ts's `text` per kind). */
function searchable(object: LandscapeObject): string {
  switch (object.kind) {
    case 'virtual-machines':
      return `${object.name} ${object.dns_name ?? ''}`;
    case 'ip-addresses':
      return `${object.address} ${object.dns_name ?? ''}`;
    case 'prefixes':
      return `${object.prefix} ${object.description ?? ''}`;
    default:
      return object.name;
  }
}

const datacenterOf = (object: LandscapeObject) => ('datacenter' in object ? object.datacenter : undefined);
const keyOf = (object: LandscapeObject) => object.id;

describe.each(landscapeKinds)('%s', (kind) => {
  it('every filter combination, every sort, paged, answers the filtered full list in order', async () => {
    const summary = (await get(`/api/v2/customer/${CUSTOMER}/landscape`)).json as LandscapeSummary;
    const all: Record<string, LandscapeObject[]> = {};
    for (const sort of landscapeSorts) {
      all[sort] = (await get(path(kind, `sort=${sort}&limit=100`))).json as LandscapeObject[];
    }
    const everything = all.name ?? [];
    if (everything.length === 0) return;

    // Filter values taken from the data, so that each narrows without emptying the list.
    const statuses = [...new Set(everything.map((object) => object.status))].slice(0, 2);
    const withSite = kind !== 'ip-addresses' && everything.some((object) => datacenterOf(object));
    const site = withSite
      ? summary.datacenters.find((candidate) =>
          everything.some((object) => datacenterOf(object) === candidate.name),
        )
      : undefined;
    const fragment = searchable(everything[Math.floor(everything.length / 2)] as LandscapeObject)
      .slice(1, 4)
      .toLowerCase();

    let narrowed = 0;
    for (const useStatus of [false, true]) {
      for (const useSite of site ? [false, true] : [false]) {
        for (const useText of [false, true]) {
          const expected = (object: LandscapeObject) =>
            (!useStatus || statuses.includes(object.status)) &&
            (!useSite || datacenterOf(object) === site?.name) &&
            (!useText || searchable(object).toLowerCase().includes(fragment));
          const query = [
            useStatus ? `status=${statuses.join(',')}` : '',
            useSite ? `location=${site?.slug}` : '',
            useText ? `q=${encodeURIComponent(fragment)}` : '',
          ]
            .filter(Boolean)
            .join('&');
          for (const sort of landscapeSorts as readonly LandscapeSort[]) {
            const walked = await walk(kind, `${query}&sort=${sort}`);
            const want = (all[sort] ?? []).filter(expected);
            expect(walked.map(keyOf), `${kind} ${query} sort=${sort}`).toEqual(want.map(keyOf));
            if (want.length < everything.length) narrowed++;
          }
        }
      }
    }
    // The filters were real ones: with more than one object, some combinations left objects out.
    if (everything.length > 1) expect(narrowed).toBeGreaterThan(0);
    expect(await walk(kind, 'q=zzqqzz')).toEqual([]);
  });
});
