import { describe, expect, it } from 'vitest';
import { spreadsheetCsv } from './spreadsheet-csv.ts';

describe('spreadsheetCsv', () => {
  it('starts with a byte order mark in both languages; `;` in Dutch, `,` in English', () => {
    const tables = [
      [
        ['Kosten', 'Bedrag'],
        ['Opslag', '€ 1,50'],
      ],
    ];
    const nl = spreadsheetCsv(tables, 'nl');
    const en = spreadsheetCsv(tables, 'en');
    expect([...nl.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...en.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // A decimal comma needs no quotes where ';' separates the fields.
    expect(nl.toString('utf8')).toBe('\uFEFFKosten;Bedrag\r\nOpslag;€ 1,50\r\n');
    expect(en.toString('utf8')).toBe('\uFEFFKosten,Bedrag\r\nOpslag,"€ 1,50"\r\n');
  });
});
