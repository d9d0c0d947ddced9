export { type BrandHeader, brandHeader } from './brand-header.ts';
export {
  COLORS,
  createPdf,
  PAGE,
  type Pdf,
  type PdfOptions,
  pageNumbers,
  pdfBuffer,
  warmPdfFonts,
} from './document.ts';
export { type TableColumn, type TableOptions, table } from './table.ts';
