import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatMonth } from '../lib/format.ts';
import { readLocale } from '../test/dom.ts';
import { formatDocumentTitle, titleParts } from './document-title.ts';

async function translator(language: 'en' | 'nl') {
  const instance = createInstance();
  await instance.init({
    lng: language,
    ns: ['global'],
    defaultNS: 'global',
    resources: { [language]: { global: readLocale(language, 'global') } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('document titles', () => {
  it('reads page · area · brand, each part once', () => {
    expect(formatDocumentTitle(['Ticket #10048', 'Support'], 'Portaal')).toBe(
      'Ticket #10048 · Support · Portaal',
    );
    expect(formatDocumentTitle(['Support', 'Support', ' '], 'Acme')).toBe('Support · Acme');
    expect(formatDocumentTitle([], 'Portaal')).toBe('Portaal');
  });

  it('translates the page with the route params and names the area, in English and Dutch', async () => {
    const match = { params: { id: '10048' }, search: {} };
    const title = { page: 'titles.ticket', area: 'support' } as const;
    expect(formatDocumentTitle(titleParts(title, match, await translator('en')), 'Portaal')).toBe(
      'Ticket #10048 · Support · Portaal',
    );
    const nl = await translator('nl');
    expect(
      formatDocumentTitle(titleParts({ page: 'titles.newTicket', area: 'support' }, match, nl), 'Portaal'),
    ).toBe('Nieuw ticket · Support · Portaal');
    expect(
      formatDocumentTitle(
        titleParts(
          { page: 'titles.mailing', area: 'adminMailings' },
          { params: { id: '12' }, search: {} },
          nl,
        ),
        'Portaal',
      ),
    ).toBe('Mailing 12 · Mailings · Portaal');
    expect(formatDocumentTitle(titleParts({ page: 'titles.notFound' }, match, nl), 'Portaal')).toBe(
      'Pagina niet gevonden · Portaal',
    );
  });

  it("reads a route's values in the reader's language: a crosscheck's month by name", async () => {
    const title = {
      page: 'titles.crosscheck',
      area: 'adminCrosschecks',
      values: ({ params }: { params: Record<string, unknown> }, language: 'en' | 'nl') => ({
        month: formatMonth(String(params.month), language),
      }),
    } as const;
    const match = { params: { month: '2026-10' }, search: {} };
    expect(formatDocumentTitle(titleParts(title, match, await translator('en'), 'en'), 'Portaal')).toBe(
      'Crosscheck October 2026 · Crosschecks · Portaal',
    );
    expect(formatDocumentTitle(titleParts(title, match, await translator('nl'), 'nl'), 'Portaal')).toBe(
      'Crosscheck oktober 2026 · Crosschecks · Portaal',
    );
  });

  it('lets a route pick its key from the search', async () => {
    const t = await translator('en');
    const title = {
      page: ({ search }: { search: Record<string, unknown> }) => `titles.${String(search.cause)}`,
    };
    expect(titleParts(title, { params: {}, search: { cause: 'forbidden' } }, t)).toEqual(['No access']);
  });
});
