import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type Dashboard,
  formatMoney,
  fromCents,
  type Invoice,
  invoiceStatus,
  invoiceTotals,
  isoToday,
  toCents,
} from '@portaal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoAdministration } from '../src/db/seed/administration.seed.ts';
import { iban } from '../src/db/seed/demo-data.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { send } from './tickets-support.ts';
import { tokenSource } from './tokens.ts';

/**
 * The invoice PDF read back with poppler's pdftotext, in Dutch (1001) and English (1002): brand, both
 * parties, lines, VAT, totals, payment instructions with the provider's IBAN and the reference. With
 * PDF_PAGES_DIR set, the first pages are also rendered to PNG with pdftoppm, to look at.
 */
const run = promisify(execFile);
let server: TestServer;
let token: ReturnType<typeof tokenSource>;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  token = tokenSource(server);
  dir = await mkdtemp(path.join(tmpdir(), 'invoice-pdf-'));
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

const demo = buildDemoAdministration(isoToday());
const PROVIDER_IBAN = iban('NL', 'INGB0007712345')
  .replace(/(.{4})/g, '$1 ')
  .trim();

async function pdfText(username: string, customer: number, number: string) {
  const response = await send(server, 'GET', `/api/v2/customer/${customer}/invoices/${number}/pdf`, {
    token: await token(username),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
  const file = path.join(dir, `${number}.pdf`);
  await writeFile(file, response.bytes);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/\u00a0/g, ' ');
  const fonts = (await run('pdffonts', [file])).stdout;
  if (process.env.PDF_PAGES_DIR) {
    await run('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '2',
      file,
      path.join(process.env.PDF_PAGES_DIR, number),
    ]);
  }
  const detail = await send(server, 'GET', `/api/v2/customer/${customer}/invoices/${number}`, {
    token: await token(username),
  });
  return { text, fonts, invoice: detail.json as Invoice };
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('invoice PDF', () => {
  it('in Dutch for Bakkerij De Gouden Korst: an overdue invoice with payment instructions', async () => {
    const overdue = (
      (
        await send(server, 'GET', '/api/v2/customer/1001/invoices?status=overdue', {
          token: await token('owner'),
        })
      ).json as Invoice[]
    )[0];
    expect(overdue).toBeDefined();
    const { text, fonts, invoice } = await pdfText('financial-moderator', 1001, overdue?.number ?? '');
    const flat = squash(text);
    for (const expected of [
      'Portaal',
      'Factuur',
      invoice.number,
      'Portaal Hosting B.V.',
      'Europalaan 40',
      'Bakkerij De Gouden Korst B.V.',
      'Postbus 10213',
      '1001 EE Amsterdam',
      'Nederland',
      'NL859123456B01',
      'Omschrijving',
      'Beheerde server (4 vCPU, 16 GB)',
      'Btw-overzicht',
      'Totaal inclusief btw',
      formatMoney(invoice.amount, 'nl').replace(/\u00a0/g, ' '),
      formatMoney(invoice.vat_amount, 'nl').replace(/\u00a0/g, ' '),
      `op ${PROVIDER_IBAN}`,
      `betalingskenmerk ${invoice.payment_reference}`,
      'FACTUUR AAN',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).toContain('21%');
    expect(flat).toMatch(/Pagina 1 van \d/);
    expect(flat).not.toContain('Invoice date');
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    for (const row of rows) expect(row).toMatch(/Inter.*\byes\b/);
  });

  it('in English for Northwind Logistics: a paid invoice says so, the totals match the lines', async () => {
    const paid = demo.invoices.find(
      (entry) => entry.body.customer_id === 1002 && entry.body.amount_due === '0.00',
    );
    if (!paid) throw new Error('no paid invoice of 1002');
    const { text, invoice } = await pdfText('multi', 1002, paid.number);
    const flat = squash(text);
    const totals = invoiceTotals(paid.body.lines);
    for (const expected of [
      'Invoice',
      'BILL TO',
      'Northwind Logistics Ltd',
      'United Kingdom',
      'Managed server (4 vCPU, 16 GB)',
      'VAT summary',
      `Total including VAT ${formatMoney(totals.amount, 'en')}`,
      'This invoice has been paid.',
      'Page 1 of 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(invoice.amount).toBe(totals.amount);
  });

  it('another customer’s invoice is not found, and no right is no PDF', async () => {
    const foreign = demo.invoices.find((entry) => entry.body.customer_id === 1002);
    const own = demo.invoices.find((entry) => entry.body.customer_id === 1001);
    const other = await send(server, 'GET', `/api/v2/customer/1001/invoices/${foreign?.number}/pdf`, {
      token: await token('owner'),
    });
    expect(other.status).toBe(404);
    const denied = await send(server, 'GET', `/api/v2/customer/1001/invoices/${own?.number}/pdf`, {
      token: await token('technical-viewer'),
    });
    expect(denied.status).toBe(403);
  });
});

describe('dashboard panels of invoices and contracts', () => {
  it('financial-viewer: overdue and to pay with the overdue sum, renewals; technical-viewer: neither', async () => {
    const today = isoToday();
    const mine = demo.invoices.filter((entry) => entry.body.customer_id === 1001);
    const statusOf = (entry: (typeof mine)[number]) => invoiceStatus(entry.body, today).status;
    const overdue = mine.filter((entry) => statusOf(entry) === 'overdue');
    const toPay = mine.filter((entry) => statusOf(entry) === 'to_pay');
    const response = await send(server, 'GET', '/api/v2/customer/1001/dashboard', {
      token: await token('financial-viewer'),
    });
    expect(response.status).toBe(200);
    const panels = (response.json as Dashboard).panels;
    const invoices = panels.find((panel) => panel.panel === 'invoices');
    expect(invoices?.figures.map((figure) => [figure.key, figure.value, figure.tone])).toEqual([
      ['overdue', overdue.length, 'critical'],
      ['to_pay', toPay.length, 'neutral'],
    ]);
    const sum = overdue.reduce((total, entry) => total + toCents(entry.body.amount_due), 0n);
    expect(invoices?.items[0]?.title).toBe(formatMoney(fromCents(sum), 'en'));
    // The sums also go out as amounts, which the screen writes in the reader's language.
    expect(invoices?.items[0]?.money).toEqual({ title: fromCents(sum) });
    expect(invoices?.items.slice(1).map((item) => item.key)).toEqual(overdue.map((entry) => entry.number));
    expect(invoices?.items.slice(1).map((item) => item.money)).toEqual(
      overdue.map((entry) => ({ detail: entry.body.amount_due })),
    );
    const contracts = panels.find((panel) => panel.panel === 'contracts');
    expect(contracts?.figures.map((figure) => [figure.key, figure.value])).toEqual([
      ['renewing_soon', 1],
      ['renewing', 3],
    ]);
    expect(contracts?.items[0]?.key).toBe('CT-1001-05');
    // A renewal is a day: sent as a date alone, so the screen shows no time of day.
    const renewal = demo.contracts.find((entry) => entry.id === 'CT-1001-05')?.body.renewal_date;
    expect(contracts?.items[0]).toMatchObject({ at: null, date: renewal });

    const technical = await send(server, 'GET', '/api/v2/customer/1001/dashboard', {
      token: await token('technical-viewer'),
    });
    const names = (technical.json as Dashboard).panels.map((panel) => panel.panel);
    expect(names).not.toContain('invoices');
    expect(names).not.toContain('contracts');
  });
});
