import { COLORS, PAGE, type Pdf } from './document.ts';

export interface TableColumn {
  header: string;
  /** Share of the table width (the shares are normalised). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableOptions {
  columns: readonly TableColumn[];
  rows: readonly (readonly string[])[];
  fontSize?: number;
  /** Bottom-most y a row may reach before the table continues on a new page. */
  bottom?: number;
}

const PADDING = 4;

/**
 * A table that flows across pages: rows wrap their text, a row that does not fit starts a new page,
 * and the header row is repeated on top of every page. Starts at the cursor; leaves it under the table.
 */
export function table(doc: Pdf, options: TableOptions) {
  const fontSize = options.fontSize ?? 9;
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const total = options.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = options.columns.map((column) => (column.width / total) * width);
  const bottom = options.bottom ?? PAGE.height - PAGE.margin - 10;

  const cellHeight = (cells: readonly string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(fontSize);
    return Math.max(
      ...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * PADDING })),
    );
  };

  const drawRow = (cells: readonly string[], font: 'regular' | 'bold', fill?: string) => {
    const height = cellHeight(cells, font) + 2 * PADDING;
    const y = doc.y;
    if (fill) doc.save().rect(left, y, width, height).fill(fill).restore();
    let x = left;
    doc.font(font).fontSize(fontSize).fillColor(COLORS.text);
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 0;
      doc.text(cell, x + PADDING, y + PADDING, {
        width: cellWidth - 2 * PADDING,
        align: options.columns[index]?.align ?? 'left',
      });
      x += cellWidth;
    });
    doc.y = y + height;
    return height;
  };

  const header = () => {
    const y = doc.y;
    drawRow(
      options.columns.map((column) => column.header),
      'bold',
    );
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.8)
      .strokeColor(COLORS.rule)
      .stroke();
    return doc.y - y;
  };

  if (
    doc.y +
      cellHeight(
        options.columns.map((column) => column.header),
        'bold',
      ) *
        3 >
    bottom
  )
    doc.addPage();
  header();
  options.rows.forEach((row, index) => {
    const height = cellHeight(row, 'regular') + 2 * PADDING;
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = PAGE.margin;
      header();
    }
    drawRow(row, 'regular', index % 2 === 1 ? COLORS.zebra : undefined);
  });
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.8)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.x = left;
  doc.y += 8;
}
