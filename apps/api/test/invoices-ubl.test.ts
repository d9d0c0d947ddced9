import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { Customer, Invoice } from '@portaal/contracts';
import { isoToday } from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoAdministration } from '../src/db/seed/administration.seed.ts';
import {
  PEPPOL_CUSTOMIZATION_ID,
  priceWithBase,
  renderInvoiceUbl,
  ublInvoiceData,
  unitCode,
} from '../src/modules/invoices/invoice-ubl.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';
import { CHECKED_RULES, checkPeppolInvoice } from './ubl-oracle.ts';

/**
 * The Peppol BIS Billing 3.0 e-invoice (UBL 2.1) of demo invoices in every status, in Dutch (1001)
 * and English (1002): well-formed by libxml2's xmllint, and free of violations of the EN 16931,
 * Peppol and Dutch rules the test oracle checks (ubl-oracle.ts; the official XSD and Schematron are
 * not available from npm or Debian). The oracle is shown to catch each kind of error it claims to.
 */
const run = promisify(execFile);
let server: TestServer;
let token: ReturnType<typeof tokenSource>;

beforeAll(async () => {
  server = await startTestServer();
  token = tokenSource(server);
});
afterAll(async () => server?.close());

const demo = buildDemoAdministration(isoToday());

/** xmllint --noout on stdin: well-formedness by libxml2 (Debian's libxml2-utils). */
function xmllint(xml: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
    child.stdin.end(xml);
  });
}

async function ubl(username: string, customer: number, number: string) {
  const response = await send(server, 'GET', `/api/v2/customer/${customer}/invoices/${number}/ubl`, {
    token: await token(username),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${number}.xml"`);
  const detail = await send(server, 'GET', `/api/v2/customer/${customer}/invoices/${number}`, {
    token: await token(username),
  });
  return { xml: response.bytes.toString('utf8'), invoice: detail.json as Invoice };
}

/** Every invoice of a customer, with the statuses they have. */
async function samples(username: string, customer: number) {
  const response = await send(server, 'GET', `/api/v2/customer/${customer}/invoices?limit=100`, {
    token: await token(username),
  });
  const list = response.json as Invoice[];
  return {
    numbers: list.map((invoice) => invoice.number),
    statuses: new Set(list.map((invoice) => invoice.status)),
  };
}

describe('invoice UBL (Peppol BIS Billing 3.0)', () => {
  it('xmllint is there (Debian libxml2-utils)', async () => {
    const { stdout } = await run('xmllint', ['--version']).catch((error: { stderr?: string }) => ({
      stdout: error.stderr ?? '',
    }));
    expect(`${stdout}`).toBeDefined();
    expect((await xmllint('<a/>')).code).toBe(0);
    expect((await xmllint('<a>')).code).not.toBe(0);
  });

  it.each([
    ['financial-viewer', 1001],
    ['multi', 1002],
  ] as const)(
    '%s: every invoice of customer %i is well-formed and passes the oracle',
    async (username, customer) => {
      const { numbers, statuses } = await samples(username, customer);
      expect(numbers).toHaveLength(42);
      expect(statuses.size).toBeGreaterThanOrEqual(3);
      for (const number of numbers) {
        const { xml, invoice } = await ubl(username, customer, number);
        const lint = await xmllint(xml);
        expect(lint.stderr).toBe('');
        expect(lint.code).toBe(0);
        expect(checkPeppolInvoice(xml)).toEqual([]);
        // The figures are the invoice's: number, dates, totals, the amount due and every line.
        expect(xml).toContain(`<cbc:CustomizationID>${PEPPOL_CUSTOMIZATION_ID}</cbc:CustomizationID>`);
        expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
        expect(xml).toContain(`<cbc:IssueDate>${invoice.invoice_date}</cbc:IssueDate>`);
        expect(xml).toContain(`<cbc:DueDate>${invoice.due_date}</cbc:DueDate>`);
        expect(xml).toContain(
          `<cbc:PayableAmount currencyID="EUR">${invoice.amount_due}</cbc:PayableAmount>`,
        );
        expect(xml).toContain(
          `<cbc:TaxInclusiveAmount currencyID="EUR">${invoice.amount}</cbc:TaxInclusiveAmount>`,
        );
        expect(xml).toContain(`<cbc:PaymentID>${invoice.payment_reference}</cbc:PaymentID>`);
        expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(invoice.lines.length);
        expect(xml).toContain('<cbc:EndpointID schemeID="0106">30181234</cbc:EndpointID>');
      }
    },
    300_000,
  );

  it('an invoice of another customer is not found, and nothing leaks', async () => {
    const foreign = demo.invoices.find((entry) => entry.body.customer_id === 1002)?.number;
    const response = await send(server, 'GET', `/api/v2/customer/1001/invoices/${foreign}/ubl`, {
      token: await token('financial-viewer'),
    });
    expect(response.status).toBe(404);
    expect((response.json as { code: string }).code).toBe('INVOICE_NOT_FOUND');
  });
});

describe('the mapping onto EN 16931', () => {
  const seller: Customer = {
    customer_id: 1,
    display_name: 'Portaal Hosting B.V.',
    language: 'nl',
    status: 'active',
    phone: null,
    coc_number: '30181234',
    vat_number: 'NL812345678B01',
    usage_po_number: null,
    links: [],
    addresses: [
      {
        customer_id: 1,
        type: 'visit',
        main: true,
        lines: ['Stationsplein 1'],
        postcode: '3511 ED',
        city: 'Utrecht',
        country: 'NL',
      },
    ],
    created_at: '2009-03-02',
  };
  const invoice: Invoice = {
    number: 'INV-TEST-1',
    customer_id: 2,
    invoice_date: '2026-11-01',
    due_date: '2026-12-01',
    payment_date: null,
    currency: 'EUR',
    net_amount: '340.00',
    vat_amount: '71.40',
    amount: '411.40',
    amount_due: '411.40',
    status: 'to_pay',
    overdue_days: null,
    description: 'Diensten november',
    payment_reference: 'INV-TEST-1',
    contract_id: null,
    lines: [
      {
        position: 1,
        description: 'Beheerde server',
        quantity: '2.000',
        unit: 'server',
        unit_price: '170.0000',
        vat_rate: '21.00',
        amount: '340.00',
        period_start: null,
        period_end: null,
      },
    ],
    vat_breakdown: [{ rate: '21.00', taxable_amount: '340.00', vat_amount: '71.40' }],
    updated_at: '2026-11-01T00:00:00.000Z',
  };
  const buyer = (patch: Partial<Customer>): Customer => ({
    ...seller,
    customer_id: 2,
    display_name: 'Klant B.V.',
    coc_number: null,
    vat_number: 'BE0123456789',
    addresses: [{ ...(seller.addresses[0] as Customer['addresses'][number]), customer_id: 2, country: 'BE' }],
    ...patch,
  });
  const account = {
    customer_id: 1,
    main: true,
    iban: 'NL91 ABNA 0417 1643 00',
    bic: null,
    account_holder: 'Portaal',
  };

  it('addresses a Belgian buyer by its VAT number (9925) and a Dutch seller by KvK (0106)', async () => {
    const data = ublInvoiceData(invoice, { seller, sellerAccount: account, buyer: buyer({}) });
    const parties = data['ubl:Invoice'];
    expect(parties['cac:AccountingSupplierParty']['cac:Party']['cbc:EndpointID@schemeID']).toBe('0106');
    expect(parties['cac:AccountingCustomerParty']['cac:Party']['cbc:EndpointID']).toBe('BE0123456789');
    expect(parties['cac:AccountingCustomerParty']['cac:Party']['cbc:EndpointID@schemeID']).toBe('9925');
    const xml = await renderInvoiceUbl(invoice, { seller, sellerAccount: account, buyer: buyer({}) });
    expect(checkPeppolInvoice(xml)).toEqual([]);
    expect(xml).toContain('<cbc:ID>NL91ABNA0417164300</cbc:ID>');
  });

  it('gives a price with more than two decimals for a base quantity (BT-149)', async () => {
    expect(priceWithBase('170.0000')).toEqual({ price: '170.00', base: 1 });
    expect(priceWithBase('12.5')).toEqual({ price: '12.50', base: 1 });
    expect(priceWithBase('0.0125')).toEqual({ price: '1.25', base: 100 });
    expect(priceWithBase('21.4750')).toEqual({ price: '214.75', base: 10 });
    const fine = {
      ...invoice,
      net_amount: '30.00',
      vat_amount: '6.30',
      amount: '36.30',
      amount_due: '36.30',
      lines: [
        {
          ...(invoice.lines[0] as Invoice['lines'][number]),
          quantity: '2400.000',
          unit: 'GB',
          unit_price: '0.0125',
          amount: '30.00',
        },
      ],
      vat_breakdown: [{ rate: '21.00', taxable_amount: '30.00', vat_amount: '6.30' }],
    };
    const xml = await renderInvoiceUbl(fine, { seller, sellerAccount: account, buyer: buyer({}) });
    expect(xml).toContain('<cbc:BaseQuantity unitCode="E34">100</cbc:BaseQuantity>');
    expect(checkPeppolInvoice(xml)).toEqual([]);
  });

  it('refuses a buyer without address or Peppol identifier (409), names the unit codes', () => {
    expect(() =>
      ublInvoiceData(invoice, { seller, sellerAccount: account, buyer: buyer({ addresses: [] }) }),
    ).toThrow(/no address/);
    expect(() =>
      ublInvoiceData(invoice, { seller, sellerAccount: account, buyer: buyer({ vat_number: null }) }),
    ).toThrow(/no Peppol identifier/);
    expect([unitCode('uur'), unitCode('Month'), unitCode('TB'), unitCode('server')]).toEqual([
      'HUR',
      'MON',
      'E35',
      'C62',
    ]);
  });

  it('the oracle catches what it claims to (each mutation is named by its rule)', async () => {
    const xml = await renderInvoiceUbl(invoice, { seller, sellerAccount: account, buyer: buyer({}) });
    const rulesOf = (mutated: string) => checkPeppolInvoice(mutated).map((violation) => violation.rule);
    const cases: [string, (text: string) => string][] = [
      [
        'BR-CO-10',
        (text) =>
          text.replace(
            '<cbc:LineExtensionAmount currencyID="EUR">340.00</cbc:LineExtensionAmount>\n\t\t<cbc:TaxExclusiveAmount',
            '<cbc:LineExtensionAmount currencyID="EUR">341.00</cbc:LineExtensionAmount>\n\t\t<cbc:TaxExclusiveAmount',
          ),
      ],
      [
        'BR-CO-15',
        (text) => text.replace('>411.40</cbc:TaxInclusiveAmount>', '>411.41</cbc:TaxInclusiveAmount>'),
      ],
      [
        'BR-S-09',
        (text) =>
          text.replace(
            /<cbc:TaxAmount currencyID="EUR">71.40<\/cbc:TaxAmount>(\s*<cac:TaxCategory>)/,
            '<cbc:TaxAmount currencyID="EUR">71.41</cbc:TaxAmount>$1',
          ),
      ],
      ['PEPPOL-EN16931-R004', (text) => text.replace('billing:3.0', 'billing:2.0')],
      ['PEPPOL-EN16931-R010', (text) => text.replace('schemeID="9925"', '')],
      ['BR-DEC', (text) => text.replace('>411.40</cbc:PayableAmount>', '>411.400</cbc:PayableAmount>')],
      [
        'UBL-ORDER',
        (text) =>
          text.replace(
            /(<cbc:DueDate>[^<]*<\/cbc:DueDate>)(\s*)(<cbc:InvoiceTypeCode>[^<]*<\/cbc:InvoiceTypeCode>)/,
            '$3$2$1',
          ),
      ],
      ['NL-R-003', (text) => text.replace(/<cbc:CompanyID schemeID="0106">30181234<\/cbc:CompanyID>/, '')],
      [
        'PEPPOL-EN16931-R120',
        (text) =>
          text.replace(
            '<cbc:PriceAmount currencyID="EUR">170.00</cbc:PriceAmount>',
            '<cbc:PriceAmount currencyID="EUR">171.00</cbc:PriceAmount>',
          ),
      ],
    ];
    for (const [rule, mutate] of cases) {
      const mutated = mutate(xml);
      expect(mutated, rule).not.toBe(xml);
      expect(rulesOf(mutated), rule).toContain(rule);
    }
    expect(CHECKED_RULES.length).toBeGreaterThan(40);
  });
});
