import {
  type Address,
  type BankAccount,
  type Customer,
  formatDate,
  formatDecimalQuantity,
  formatMoney,
  type Invoice,
} from '@portaal/contracts';
import {
  brandHeader,
  COLORS,
  createPdf,
  PAGE,
  type Pdf,
  pageNumbers,
  pdfBuffer,
  table,
} from '../../lib/pdf/index.ts';

type Language = 'en' | 'nl';

const texts = {
  en: {
    title: 'Invoice',
    from: 'From',
    to: 'Bill to',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    reference: 'Payment reference',
    contract: 'Contract',
    customer: 'Customer number',
    vatNumber: 'VAT number',
    coc: 'Chamber of Commerce',
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    price: 'Unit price',
    vat: 'VAT',
    amount: 'Amount',
    vatSummary: 'VAT summary',
    rate: 'Rate',
    taxable: 'Taxable amount',
    vatAmount: 'VAT amount',
    net: 'Total excluding VAT',
    total: 'Total including VAT',
    due_amount: 'Amount due',
    paymentTitle: 'Payment',
    payment: (amount: string, date: string, iban: string, holder: string, reference: string) =>
      `Please pay ${amount} by ${date} to ${iban} in the name of ${holder}, quoting the payment reference ${reference}.`,
    paid: 'This invoice has been paid. Thank you.',
    writtenOff: 'This invoice has been written off.',
    bic: 'BIC',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    period: 'Period',
  },
  nl: {
    title: 'Factuur',
    from: 'Van',
    to: 'Factuur aan',
    number: 'Factuurnummer',
    date: 'Factuurdatum',
    due: 'Vervaldatum',
    reference: 'Betalingskenmerk',
    contract: 'Contract',
    customer: 'Klantnummer',
    vatNumber: 'Btw-nummer',
    coc: 'KvK-nummer',
    description: 'Omschrijving',
    quantity: 'Aantal',
    unit: 'Eenheid',
    price: 'Prijs per eenheid',
    vat: 'Btw',
    amount: 'Bedrag',
    vatSummary: 'Btw-overzicht',
    rate: 'Tarief',
    taxable: 'Grondslag',
    vatAmount: 'Btw-bedrag',
    net: 'Totaal exclusief btw',
    total: 'Totaal inclusief btw',
    due_amount: 'Openstaand bedrag',
    paymentTitle: 'Betaling',
    payment: (amount: string, date: string, iban: string, holder: string, reference: string) =>
      `Wij verzoeken u ${amount} vóór ${date} over te maken op ${iban} ten name van ${holder}, onder vermelding van betalingskenmerk ${reference}.`,
    paid: 'Deze factuur is betaald. Hartelijk dank.',
    writtenOff: 'Deze factuur is afgeboekt.',
    bic: 'BIC',
    page: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
    period: 'Periode',
  },
} satisfies Record<Language, Record<string, unknown>>;

export interface InvoiceParties {
  seller: Customer;
  sellerAccount: BankAccount | undefined;
  buyer: Customer;
}

const countryName = (code: string, language: Language) =>
  new Intl.DisplayNames([language === 'nl' ? 'nl-NL' : 'en-GB'], { type: 'region' }).of(code) ?? code;

/** The invoice address of a party, else its main visit address, else any. */
export function invoiceAddress(customer: Customer): Address | undefined {
  const byType = (type: Address['type']) =>
    customer.addresses.find((address) => address.type === type && address.main) ??
    customer.addresses.find((address) => address.type === type);
  return byType('invoice') ?? byType('visit') ?? customer.addresses[0];
}

function party(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  heading: string,
  customer: Customer,
  language: Language,
) {
  const t = texts[language];
  const address = invoiceAddress(customer);
  doc.font('bold').fontSize(8).fillColor(COLORS.muted).text(heading.toUpperCase(), x, y, { width });
  doc.font('bold').fontSize(10).fillColor(COLORS.text).text(customer.display_name, { width });
  doc.font('regular').fontSize(9);
  if (address) {
    for (const line of address.lines) doc.text(line, { width });
    doc.text(`${address.postcode}  ${address.city}`, { width });
    doc.text(countryName(address.country, language), { width });
  }
  if (customer.vat_number) doc.text(`${t.vatNumber}: ${customer.vat_number}`, { width });
  if (customer.coc_number) doc.text(`${t.coc}: ${customer.coc_number}`, { width });
  return doc.y;
}

/**
 * The invoice as PDF (DESIGN.md §8): brand, both parties' addresses, the invoice's particulars, its
 * lines, VAT per rate, totals and the payment instructions with IBAN and reference, in the customer's
 * language, fonts embedded.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  { seller, sellerAccount, buyer }: InvoiceParties,
  brandName: string,
): Promise<Buffer> {
  const language: Language = buyer.language === 'nl' ? 'nl' : 'en';
  const t = texts[language];
  const money = (amount: string) => formatMoney(amount, language, invoice.currency);
  const doc = createPdf({
    title: `${t.title} ${invoice.number}`,
    author: brandName,
    subject: `${t.title} ${invoice.number} — ${buyer.display_name}`,
    language,
  });
  brandHeader(doc, { brandName, title: t.title, subtitle: invoice.number });

  const width = PAGE.width - 2 * PAGE.margin;
  const column = width / 3;
  const top = doc.y;
  const sellerBottom = party(doc, PAGE.margin, top, column - 10, t.from, seller, language);
  const buyerBottom = party(doc, PAGE.margin + column, top, column - 10, t.to, buyer, language);
  const facts: [string, string][] = [
    [t.number, invoice.number],
    [t.date, formatDate(invoice.invoice_date)],
    [t.due, formatDate(invoice.due_date)],
    [t.reference, invoice.payment_reference],
    [t.customer, String(buyer.customer_id)],
    ...(invoice.contract_id ? ([[t.contract, invoice.contract_id]] as [string, string][]) : []),
  ];
  let y = top;
  for (const [label, value] of facts) {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(label, PAGE.margin + 2 * column, y, { width: column });
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(COLORS.text)
      .text(value, PAGE.margin + 2 * column, doc.y, { width: column });
    y = doc.y + 3;
  }
  doc.x = PAGE.margin;
  doc.y = Math.max(sellerBottom, buyerBottom, y) + 18;
  if (invoice.description) {
    doc.font('bold').fontSize(11).text(invoice.description, PAGE.margin, doc.y, { width });
    doc.moveDown(0.5);
  }

  table(doc, {
    columns: [
      { header: t.description, width: 8 },
      { header: t.quantity, width: 1.6, align: 'right' },
      { header: t.unit, width: 1.6 },
      { header: t.price, width: 2.2, align: 'right' },
      { header: t.vat, width: 1.2, align: 'right' },
      { header: t.amount, width: 2.2, align: 'right' },
    ],
    rows: invoice.lines.map((line) => [
      line.period_start && line.period_end
        ? `${line.description}\n${t.period} ${formatDate(line.period_start)} – ${formatDate(line.period_end)}`
        : line.description,
      formatDecimalQuantity(line.quantity, language),
      line.unit,
      formatMoney(line.unit_price, language, invoice.currency, { unitPrice: true }),
      `${formatDecimalQuantity(line.vat_rate, language)}%`,
      money(line.amount),
    ]),
  });

  // VAT summary and totals, kept together on one page.
  const summaryHeight = 40 + invoice.vat_breakdown.length * 16 + 70;
  if (doc.y + summaryHeight > PAGE.height - PAGE.margin - 90) doc.addPage();
  doc.font('bold').fontSize(10).text(t.vatSummary, PAGE.margin, doc.y);
  doc.moveDown(0.3);
  table(doc, {
    columns: [
      { header: t.rate, width: 1, align: 'right' },
      { header: t.taxable, width: 2, align: 'right' },
      { header: t.vatAmount, width: 2, align: 'right' },
    ],
    rows: invoice.vat_breakdown.map((entry) => [
      `${formatDecimalQuantity(entry.rate, language)}%`,
      money(entry.taxable_amount),
      money(entry.vat_amount),
    ]),
  });
  const totals: [string, string, boolean][] = [
    [t.net, money(invoice.net_amount), false],
    [t.vat, money(invoice.vat_amount), false],
    [t.total, money(invoice.amount), true],
    [t.due_amount, money(invoice.amount_due), true],
  ];
  const labelX = PAGE.margin + width / 2;
  for (const [label, value, strong] of totals) {
    const rowY = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 11 : 10)
      .fillColor(COLORS.text);
    doc.text(label, labelX, rowY, { width: width / 4 });
    doc.text(value, labelX + width / 4, rowY, { width: width / 4, align: 'right' });
    doc.y = rowY + (strong ? 17 : 15);
  }

  // Payment instructions.
  doc.moveDown(1);
  doc.x = PAGE.margin;
  doc.font('bold').fontSize(10).text(t.paymentTitle, PAGE.margin, doc.y, { width });
  doc.font('regular').fontSize(9.5);
  if (invoice.status === 'paid') {
    doc.text(t.paid, { width });
  } else if (invoice.status === 'written_off') {
    doc.text(t.writtenOff, { width });
  } else if (sellerAccount) {
    doc.text(
      t.payment(
        money(invoice.amount_due),
        formatDate(invoice.due_date),
        sellerAccount.iban.replace(/(.{4})/g, '$1 ').trim(),
        sellerAccount.account_holder,
        invoice.payment_reference,
      ),
      { width },
    );
    if (sellerAccount.bic) doc.text(`${t.bic}: ${sellerAccount.bic}`, { width });
  }

  const footer = [
    seller.display_name,
    seller.vat_number && `${t.vatNumber} ${seller.vat_number}`,
    seller.coc_number && `${t.coc} ${seller.coc_number}`,
  ]
    .filter(Boolean)
    .join(' · ');
  pageNumbers(doc, t.page, footer);
  return pdfBuffer(doc);
}
