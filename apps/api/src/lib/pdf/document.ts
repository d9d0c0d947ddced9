import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff.ts';

/**
 * The PDF basics every server-side report shares (invoices, SLA and usage reports): A4 pages with the
 * brand's fonts embedded (Inter from @fontsource/inter, subset by pdfkit), document metadata, and the
 * finished file as one Buffer. Draw with `brandHeader` and `table` beside this file.
 */
const require = createRequire(import.meta.url);
const fontFiles = {
  regular: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
} as const;
export type FontName = keyof typeof fontFiles;

/**
 * The fonts as plain SFNT bytes, converted from WOFF once per process (woff.ts: fontkit inflated the
 * glyph table again for every glyph a subset took). Each document parses its own font from these
 * bytes: a fontkit font shared between documents lost the text of glyphs that an earlier document had
 * used (pdftotext read "P rtaal" for "Portaal").
 */
let sfntFonts: Record<FontName, Buffer> | undefined;
function fonts(): Record<FontName, Buffer> {
  sfntFonts ??= {
    regular: woffToSfnt(readFileSync(fontFiles.regular)),
    bold: woffToSfnt(readFileSync(fontFiles.bold)),
  };
  return sfntFonts;
}

export type Pdf = PDFKit.PDFDocument;

export const PAGE = {
  /** A4 in points. */
  width: 595.28,
  height: 841.89,
  margin: 50,
} as const;

/** Colours of the brand (orange and blue scales of SPEC §9) and text. */
export const COLORS = {
  brand: '#ea580c',
  accent: '#1d4ed8',
  text: '#111827',
  muted: '#4b5563',
  rule: '#d1d5db',
  zebra: '#f3f4f6',
} as const;

export interface PdfOptions {
  title: string;
  /** Who made it: the brand name. */
  author: string;
  subject?: string;
  /** BCP 47 language of the text (en, nl), written into the document catalog. */
  language: string;
}

export function createPdf(options: PdfOptions): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject ?? options.title,
      Creator: options.author,
      Producer: options.author,
    },
  });
  const { regular, bold } = fonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fontSize(10).fillColor(COLORS.text);
  return doc;
}

/** Ends the document and answers its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** "Page n of m" in the bottom margin of every page (call once, after everything is drawn). */
export function pageNumbers(doc: Pdf, label: (page: number, pages: number) => string, footer?: string) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = PAGE.height - PAGE.margin + 16;
    // Writing into the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(COLORS.muted);
    if (footer)
      doc.text(footer, PAGE.margin, y, { width: PAGE.width - 2 * PAGE.margin - 80, lineBreak: false });
    doc.text(label(index + 1, range.count), PAGE.width - PAGE.margin - 80, y, { width: 80, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(COLORS.text);
}

/**
 * Parses the fonts and lays out text once, so that the first document a user asks for does not pay
 * for it (the API calls this at start, in the background). Answers when done.
 */
export async function warmPdfFonts(): Promise<void> {
  const doc = createPdf({ title: 'warm-up', author: 'warm-up', language: 'en' });
  const sample = 'Warm-up 0123456789 ÀÉËÏÖÜàéëïöü € % – · ()';
  doc.font('regular').text(sample).font('bold').text(sample);
  await pdfBuffer(doc);
}
