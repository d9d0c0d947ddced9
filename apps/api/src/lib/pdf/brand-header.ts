import { COLORS, PAGE, type Pdf } from './document.ts';

export interface BrandHeader {
  brandName: string;
  /** The document's title, e.g. "Invoice" / "Factuur". */
  title: string;
  /** A line under the title, e.g. the invoice number or the report period. */
  subtitle?: string;
}

/**
 * The brand bar on top of the first page: the brand name as a word mark on the left, the title and
 * subtitle on the right, an orange rule below. Leaves the cursor under the bar at the left margin.
 */
export function brandHeader(doc: Pdf, header: BrandHeader) {
  const top = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  doc.save();
  doc.roundedRect(PAGE.margin, top, 22, 22, 4).fill(COLORS.brand);
  doc.restore();
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(COLORS.text)
    .text(header.brandName, PAGE.margin + 30, top + 1, { width: width / 2, lineBreak: false });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(COLORS.accent)
    .text(header.title, PAGE.margin + width / 2, top + 1, { width: width / 2, align: 'right' });
  if (header.subtitle) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(header.subtitle, PAGE.margin + width / 2, top + 24, { width: width / 2, align: 'right' });
  }
  const ruleY = top + 44;
  doc
    .moveTo(PAGE.margin, ruleY)
    .lineTo(PAGE.margin + width, ruleY)
    .lineWidth(2)
    .strokeColor(COLORS.brand)
    .stroke();
  doc.font('regular').fontSize(10).fillColor(COLORS.text);
  doc.x = PAGE.margin;
  doc.y = ruleY + 16;
}
