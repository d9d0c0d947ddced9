export { type BrandHeader, brandHeader } from './brand-header.ts';
export { COLORS, createPdf, PAGE, type Pdf, type PdfOptions, pageNumbers, pdfBuffer } from './document.ts';
export { type TableColumn, type TableOptions, table } from './table.ts';
