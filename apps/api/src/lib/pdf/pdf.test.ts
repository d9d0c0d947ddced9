import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandHeader, createPdf, pageNumbers, pdfBuffer, table } from './index.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pdf-basics-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** Writes the PDF and reads it back with poppler's pdftotext (per page) and pdffonts. */
async function readBack(bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const fonts = (await run('pdffonts', [file])).stdout;
  return { pages: text.split('\f').filter((page) => page.trim() !== ''), fonts };
}

describe('PDF basics', () => {
  it('a brand header, a table over several pages with its header on each, page numbers, embedded fonts', async () => {
    const doc = createPdf({ title: 'Rapport', author: 'Portaal', language: 'nl' });
    brandHeader(doc, { brandName: 'Portaal', title: 'Rapport', subtitle: 'november 2026' });
    table(doc, {
      columns: [
        { header: 'Omschrijving', width: 4 },
        { header: 'Bedrag', width: 1, align: 'right' },
      ],
      rows: Array.from({ length: 120 }, (_, index) => [`Regel ${index + 1} — beëindigd`, `€ ${index},00`]),
    });
    pageNumbers(doc, (page, pages) => `Pagina ${page} van ${pages}`);
    const { pages, fonts } = await readBack(await pdfBuffer(doc));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[0]).toContain('Portaal');
    expect(pages[0]).toContain('november 2026');
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('Omschrijving');
      expect(page).toContain(`Pagina ${index + 1} van ${pages.length}`);
    }
    const all = pages.join('\n');
    for (let row = 1; row <= 120; row++) expect(all).toContain(`Regel ${row} — beëindigd`);
    expect(all).toContain('€ 119,00');
    // Every font is embedded (pdffonts' "emb" column) and it is Inter.
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/Inter.*\byes\b/);
  });
});
