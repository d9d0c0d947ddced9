import { SaxesParser } from 'saxes';

/**
 * A test oracle for Peppol BIS Billing 3.0 UBL invoices, written from the specifications (EN 16931-1
 * business rules, the UBL 2.1 Invoice schema's element order, Peppol's and the Dutch CIUS rules) and
 * independent of the product code that writes the XML. It stands in for the official artefacts (the
 * OASIS UBL 2.1 XSDs and the CEN/OpenPeppol Schematron), which are published as release archives
 * outside the npm registry and Debian and so cannot be obtained here. README lists what it checks.
 */
export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** UBL-Invoice-2.1.xsd: the sequence of the Invoice element's children. */
export const INVOICE_SEQUENCE = [
  'UBLExtensions',
  'UBLVersionID',
  'CustomizationID',
  'ProfileID',
  'ProfileExecutionID',
  'ID',
  'CopyIndicator',
  'UUID',
  'IssueDate',
  'IssueTime',
  'DueDate',
  'InvoiceTypeCode',
  'Note',
  'TaxPointDate',
  'DocumentCurrencyCode',
  'TaxCurrencyCode',
  'PricingCurrencyCode',
  'PaymentCurrencyCode',
  'PaymentAlternativeCurrencyCode',
  'AccountingCostCode',
  'AccountingCost',
  'LineCountNumeric',
  'BuyerReference',
  'InvoicePeriod',
  'OrderReference',
  'BillingReference',
  'DespatchDocumentReference',
  'ReceiptDocumentReference',
  'StatementDocumentReference',
  'OriginatorDocumentReference',
  'ContractDocumentReference',
  'AdditionalDocumentReference',
  'ProjectReference',
  'Signature',
  'AccountingSupplierParty',
  'AccountingCustomerParty',
  'PayeeParty',
  'BuyerCustomerParty',
  'SellerSupplierParty',
  'TaxRepresentativeParty',
  'Delivery',
  'DeliveryTerms',
  'PaymentMeans',
  'PaymentTerms',
  'PrepaidPayment',
  'AllowanceCharge',
  'TaxExchangeRate',
  'PricingExchangeRate',
  'PaymentExchangeRate',
  'PaymentAlternativeExchangeRate',
  'TaxTotal',
  'WithholdingTaxTotal',
  'LegalMonetaryTotal',
  'InvoiceLine',
];

/** The rule ids the oracle checks, for the README and for a test that each can fail. */
export const CHECKED_RULES = [
  'XML well-formed (xmllint)',
  'UBL-ORDER',
  'PEPPOL-EN16931-R001',
  'PEPPOL-EN16931-R003',
  'PEPPOL-EN16931-R004',
  'PEPPOL-EN16931-R010',
  'PEPPOL-EN16931-R020',
  'PEPPOL-EN16931-R053',
  'PEPPOL-EN16931-R120',
  'BR-01',
  'BR-02',
  'BR-03',
  'BR-04',
  'BR-05',
  'BR-06',
  'BR-07',
  'BR-08',
  'BR-09',
  'BR-10',
  'BR-11',
  'BR-12',
  'BR-13',
  'BR-14',
  'BR-15',
  'BR-16',
  'BR-21',
  'BR-22',
  'BR-23',
  'BR-24',
  'BR-25',
  'BR-26',
  'BR-27',
  'BR-50',
  'BR-61',
  'BR-CO-10',
  'BR-CO-13',
  'BR-CO-14',
  'BR-CO-15',
  'BR-CO-16',
  'BR-CO-18',
  'BR-CO-25',
  'BR-S-02',
  'BR-S-08',
  'BR-S-09',
  'BR-DEC',
  'NL-R-003',
  'NL-R-007',
  'NL-R-008',
] as const;

/** A parsed element: namespace, local name, attributes, text and children (all the oracle needs). */
export interface Node {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Node[];
}

/** Parses with saxes (namespaces on); answers undefined for a document that is not well-formed. */
export function parseXml(xml: string): Node | undefined {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  let broken = false;
  parser.on('error', () => {
    broken = true;
  });
  parser.on('opentag', (tag) => {
    const node: Node = {
      ns: tag.uri,
      name: tag.local,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value]),
      ),
      text: '',
      children: [],
    };
    stack.at(-1)?.children.push(node);
    root ??= node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch {
    return undefined;
  }
  return broken ? undefined : root;
}

export interface Violation {
  rule: string;
  message: string;
}

/** Decimal text to hundredths (or ten-thousandths) as bigint, exactly; NaN-like input to undefined. */
function scaled(text: string | undefined, places: number): bigint | undefined {
  if (text === undefined || !/^-?\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const [whole = '0', fraction = ''] = text.trim().replace('-', '').split('.');
  const digits = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  const rest = fraction.slice(places).replace(/0+$/, '');
  if (rest.length > 0) return undefined;
  return text.trim().startsWith('-') ? -digits : digits;
}
const cents = (text: string | undefined) => scaled(text, 2);

/** Half away from zero, as EN 16931 rounds VAT. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

export function checkPeppolInvoice(xml: string): Violation[] {
  const violations: Violation[] = [];
  const fail = (rule: string, message: string) => violations.push({ rule, message });
  const root = parseXml(xml);
  if (!root) return [{ rule: 'XML well-formed', message: 'the document does not parse' }];
  if (root.ns !== NS.invoice || root.name !== 'Invoice') {
    return [{ rule: 'UBL-ORDER', message: `root is {${root.ns}}${root.name}, not an UBL Invoice` }];
  }

  const kids = (element: Node, ns: string, name: string) =>
    element.children.filter((child) => child.ns === ns && child.name === name);
  /** Child elements along a path like "cac:Party/cbc:EndpointID". */
  const all = (from: Node, path: string): Node[] => {
    let current = [from];
    for (const step of path.split('/')) {
      const [prefix, name] = step.split(':') as ['cac' | 'cbc', string];
      current = current.flatMap((element) => kids(element, NS[prefix], name));
    }
    return current;
  };
  const one = (from: Node, path: string): Node | undefined => all(from, path)[0];
  const text = (from: Node, path: string) => one(from, path)?.text.trim() || undefined;
  const descendants = (node: Node): Node[] =>
    node.children.flatMap((child) => [child, ...descendants(child)]);

  // The UBL 2.1 schema's sequence for the Invoice's children (what the XSD would check first).
  let position = -1;
  for (const child of root.children) {
    const index = INVOICE_SEQUENCE.indexOf(child.name);
    if (index === -1) fail('UBL-ORDER', `unknown element ${child.name}`);
    else if (index < position) fail('UBL-ORDER', `${child.name} comes after an element it must precede`);
    else position = index;
  }

  if (text(root, 'cbc:CustomizationID') === undefined) fail('BR-01', 'no specification identifier (BT-24)');
  else if (
    text(root, 'cbc:CustomizationID') !==
    'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
  ) {
    fail('PEPPOL-EN16931-R004', 'specification identifier is not Peppol BIS Billing 3.0');
  }
  if (text(root, 'cbc:ProfileID') !== 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0') {
    fail('PEPPOL-EN16931-R001', 'business process (BT-23) is not billing 01');
  }
  if (!text(root, 'cbc:ID')) fail('BR-02', 'no invoice number (BT-1)');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text(root, 'cbc:IssueDate') ?? '')) fail('BR-03', 'no issue date (BT-2)');
  if (!text(root, 'cbc:InvoiceTypeCode')) fail('BR-04', 'no invoice type code (BT-3)');
  const currency = text(root, 'cbc:DocumentCurrencyCode');
  if (!currency) fail('BR-05', 'no currency code (BT-5)');
  if (!text(root, 'cbc:BuyerReference') && !text(root, 'cac:OrderReference/cbc:ID')) {
    fail('PEPPOL-EN16931-R003', 'neither buyer reference (BT-10) nor order reference (BT-13)');
  }

  const parties = [
    { name: 'seller', element: one(root, 'cac:AccountingSupplierParty/cac:Party') },
    { name: 'buyer', element: one(root, 'cac:AccountingCustomerParty/cac:Party') },
  ] as const;
  for (const { name, element } of parties) {
    const seller = name === 'seller';
    if (!element) {
      fail(seller ? 'BR-06' : 'BR-07', `no ${name}`);
      continue;
    }
    if (!text(element, 'cac:PartyLegalEntity/cbc:RegistrationName')) {
      fail(seller ? 'BR-06' : 'BR-07', `no ${name} name`);
    }
    const address = one(element, 'cac:PostalAddress');
    if (!address) fail(seller ? 'BR-08' : 'BR-10', `no ${name} postal address`);
    else if (!/^[A-Z]{2}$/.test(text(address, 'cac:Country/cbc:IdentificationCode') ?? '')) {
      fail(seller ? 'BR-09' : 'BR-11', `no ${name} country code`);
    }
    const endpoint = one(element, 'cbc:EndpointID');
    if (!endpoint?.text.trim() || !endpoint.attributes.schemeID) {
      fail(
        seller ? 'PEPPOL-EN16931-R020' : 'PEPPOL-EN16931-R010',
        `no ${name} electronic address with scheme`,
      );
    }
    if (seller && text(address ?? element, 'cac:Country/cbc:IdentificationCode') === 'NL') {
      const legal = one(element, 'cac:PartyLegalEntity/cbc:CompanyID');
      if (!legal?.text.trim() || !['0106', '0190'].includes(legal.attributes.schemeID ?? '')) {
        fail('NL-R-003', 'a Dutch seller needs its KvK (0106) or OIN (0190) as legal registration');
      }
    }
  }

  // Amounts: at most two decimals, in the document currency.
  for (const element of descendants(root)) {
    const attribute = element.attributes.currencyID;
    if (element.ns !== NS.cbc || attribute === undefined || element.name === 'PriceAmount') continue;
    if (!/^-?\d+(\.\d{1,2})?$/.test(element.text.trim())) {
      fail('BR-DEC', `${element.name} "${element.text}" has more than two decimals or is no number`);
    }
    if (attribute !== currency) fail('BR-DEC', `${element.name} is in ${attribute}, not ${currency}`);
  }

  const totals = one(root, 'cac:LegalMonetaryTotal');
  const total = (name: string) => (totals ? cents(text(totals, `cbc:${name}`)) : undefined);
  const lineTotal = total('LineExtensionAmount');
  const exclusive = total('TaxExclusiveAmount');
  const inclusive = total('TaxInclusiveAmount');
  const payable = total('PayableAmount');
  const prepaid = total('PrepaidAmount') ?? 0n;
  const rounding = total('PayableRoundingAmount') ?? 0n;
  if (lineTotal === undefined) fail('BR-12', 'no sum of line net amounts (BT-106)');
  if (exclusive === undefined) fail('BR-13', 'no total without VAT (BT-109)');
  if (inclusive === undefined) fail('BR-14', 'no total with VAT (BT-112)');
  if (payable === undefined) fail('BR-15', 'no amount due for payment (BT-115)');

  const lines = all(root, 'cac:InvoiceLine');
  if (lines.length === 0) fail('BR-16', 'no invoice line');
  let sumLines = 0n;
  const perRate = new Map<string, bigint>();
  for (const [index, line] of lines.entries()) {
    const label = `line ${index + 1}`;
    if (!text(line, 'cbc:ID')) fail('BR-21', `${label}: no identifier`);
    const quantityElement = one(line, 'cbc:InvoicedQuantity');
    const quantity = scaled(quantityElement?.text, 4);
    if (quantity === undefined) fail('BR-22', `${label}: no quantity`);
    if (!quantityElement?.attributes.unitCode) fail('BR-23', `${label}: no unit code`);
    const amount = cents(text(line, 'cbc:LineExtensionAmount'));
    if (amount === undefined) fail('BR-24', `${label}: no net amount`);
    if (!text(line, 'cac:Item/cbc:Name')) fail('BR-25', `${label}: no item name`);
    const price = scaled(text(line, 'cac:Price/cbc:PriceAmount'), 4);
    if (price === undefined) fail('BR-26', `${label}: no net price`);
    else if (price < 0n) fail('BR-27', `${label}: negative price`);
    const category = text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID');
    const rate = text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent') ?? '0';
    if (amount !== undefined) {
      sumLines += amount;
      const key = `${category}:${scaled(rate, 2)}`;
      perRate.set(key, (perRate.get(key) ?? 0n) + amount);
    }
    // Net amount = quantity × price ÷ base quantity (no line allowances here), within Peppol's slack of 0.02.
    const base = scaled(text(line, 'cac:Price/cbc:BaseQuantity') ?? '1', 4);
    if (
      quantity !== undefined &&
      price !== undefined &&
      amount !== undefined &&
      base !== undefined &&
      base > 0n
    ) {
      const expected = roundDiv(quantity * price, base * 100n);
      const difference = expected - amount;
      if (difference > 2n || difference < -2n) {
        fail('PEPPOL-EN16931-R120', `${label}: ${amount} is not quantity × price (${expected})`);
      }
    }
  }
  if (lineTotal !== undefined && lineTotal !== sumLines) {
    fail('BR-CO-10', `sum of line amounts ${sumLines} ≠ BT-106 ${lineTotal}`);
  }
  if (exclusive !== undefined && lineTotal !== undefined && exclusive !== lineTotal) {
    fail('BR-CO-13', `total without VAT ${exclusive} ≠ line total ${lineTotal} (no allowances or charges)`);
  }

  const taxTotals = all(root, 'cac:TaxTotal');
  const withSubtotals = taxTotals.filter((entry) => all(entry, 'cac:TaxSubtotal').length > 0);
  if (withSubtotals.length !== 1) fail('PEPPOL-EN16931-R053', 'not exactly one tax total with subtotals');
  const taxTotal = withSubtotals[0];
  const tax = taxTotal ? cents(text(taxTotal, 'cbc:TaxAmount')) : undefined;
  const subtotals = taxTotal ? all(taxTotal, 'cac:TaxSubtotal') : [];
  if (subtotals.length === 0) fail('BR-CO-18', 'no VAT breakdown');
  let sumTax = 0n;
  for (const subtotal of subtotals) {
    const taxable = cents(text(subtotal, 'cbc:TaxableAmount'));
    const amount = cents(text(subtotal, 'cbc:TaxAmount'));
    const category = text(subtotal, 'cac:TaxCategory/cbc:ID');
    const rate = scaled(text(subtotal, 'cac:TaxCategory/cbc:Percent') ?? '0', 2) ?? 0n;
    sumTax += amount ?? 0n;
    if (category === 'S') {
      const fromLines = perRate.get(`S:${rate}`) ?? 0n;
      if (taxable !== fromLines) fail('BR-S-08', `taxable ${taxable} at ${rate} ≠ lines ${fromLines}`);
      if (taxable !== undefined && amount !== roundDiv(taxable * rate, 10_000n)) {
        fail('BR-S-09', `VAT ${amount} ≠ ${taxable} × ${rate}/10000 rounded`);
      }
    }
  }
  if (tax !== undefined && tax !== sumTax) fail('BR-CO-14', `VAT total ${tax} ≠ sum of breakdown ${sumTax}`);
  if (
    inclusive !== undefined &&
    exclusive !== undefined &&
    tax !== undefined &&
    inclusive !== exclusive + tax
  ) {
    fail('BR-CO-15', `total with VAT ${inclusive} ≠ ${exclusive} + ${tax}`);
  }
  if (payable !== undefined && inclusive !== undefined && payable !== inclusive - prepaid + rounding) {
    fail('BR-CO-16', `amount due ${payable} ≠ ${inclusive} − ${prepaid} + ${rounding}`);
  }
  if (
    payable !== undefined &&
    payable > 0n &&
    !text(root, 'cbc:DueDate') &&
    !text(root, 'cac:PaymentTerms/cbc:Note')
  ) {
    fail('BR-CO-25', 'an amount is due but there is neither a due date nor payment terms');
  }

  const standardLines = [...perRate.keys()].some((key) => key.startsWith('S:'));
  const sellerVat = text(
    one(root, 'cac:AccountingSupplierParty/cac:Party') ?? root,
    'cac:PartyTaxScheme/cbc:CompanyID',
  );
  if (standardLines && !sellerVat) fail('BR-S-02', 'standard-rated lines without the seller VAT identifier');

  for (const means of all(root, 'cac:PaymentMeans')) {
    const code = text(means, 'cbc:PaymentMeansCode');
    if (!code) fail('BR-49', 'payment means without a type code');
    const sellerCountry = text(
      one(root, 'cac:AccountingSupplierParty/cac:Party') ?? root,
      'cac:PostalAddress/cac:Country/cbc:IdentificationCode',
    );
    if (sellerCountry === 'NL' && !['30', '48', '49', '57', '58', '59'].includes(code ?? '')) {
      fail('NL-R-007', `payment means ${code} is not allowed for a Dutch seller`);
    }
    if (['30', '58'].includes(code ?? '')) {
      const account = text(means, 'cac:PayeeFinancialAccount/cbc:ID');
      if (!account) {
        fail('BR-50', 'credit transfer without the payment account (BT-84)');
        fail('BR-61', 'credit transfer without the payment account (BT-84)');
        if (sellerCountry === 'NL') fail('NL-R-008', 'credit transfer without the IBAN');
      }
    }
  }
  return violations;
}
