/**
 * The demo administration: per demo customer seven contracts (managed servers, storage, Kubernetes,
 * Observe, service management, a professional-services block and an old colocation contract) in every
 * contract status, and three years of monthly invoices built from the recurring rules of the contracts
 * that ran that month, plus invoices for professional-services hours. Texts in the customer's language.
 *
 * Dates are relative to the day of seeding (an invoice is overdue only relative to a today), everything
 * else is fixed: the same day gives the same rows. What each customer gets, relative to that day:
 *
 * - the current month's invoice: to pay (due 30 days after the 1st);
 * - last month's invoice: to pay while not yet due, otherwise paid;
 * - 1001 and 1002: the invoice of two months ago overdue (1002's partly paid); 1002 also the month before;
 * - 1003: the invoice of eight months ago written off;
 * - everything else paid, a few days before or after its due date.
 * - contracts: 1001's service management renews in 21 days, every customer has one renewal within 90
 *   days; Kubernetes is future for 1003 (starts next month), Observe suspended for 1005; the
 *   professional-services block ended, the colocation contract was cancelled.
 */

import type { ContractStatus, ContractUpsert, InvoiceUpsert } from '@portaal/contracts';
import { fixedDecimal, invoiceTotals, isoToday, sumMoney } from '@portaal/contracts';
import { eq } from 'drizzle-orm';
import { createCursors } from '../../lib/cursor.ts';
import { createContractsRepo } from '../../modules/contracts/contracts.repo.ts';
import { createContractsService } from '../../modules/contracts/contracts.service.ts';
import { createInvoicesRepo } from '../../modules/invoices/invoices.repo.ts';
import { createInvoicesService } from '../../modules/invoices/invoices.service.ts';
import type { Database } from '../client.ts';
import { seedState } from '../schema.ts';
import { demoCustomers } from './demo-data.ts';

const SEED_NAME = 'demo-administration';
const MONTHS = 36;

type Language = 'en' | 'nl';
type Text = Record<Language, string>;

interface Product {
  name: Text;
  unit: Text;
  price: string;
}

const products = {
  managedServer: {
    name: { en: 'Managed server (4 vCPU, 16 GB)', nl: 'Beheerde server (4 vCPU, 16 GB)' },
    unit: { en: 'server', nl: 'server' },
    price: '149.50',
  },
  managedDatabase: {
    name: { en: 'Managed database server (PostgreSQL)', nl: 'Beheerde databaseserver (PostgreSQL)' },
    unit: { en: 'server', nl: 'server' },
    price: '249.00',
  },
  backup: {
    name: { en: 'Backup storage (off-site, 30 days)', nl: 'Back-upopslag (extern, 30 dagen)' },
    unit: { en: 'GB', nl: 'GB' },
    price: '0.045',
  },
  objectStorage: {
    name: { en: 'Object storage (S3-compatible)', nl: 'Objectopslag (S3-compatibel)' },
    unit: { en: 'TB', nl: 'TB' },
    price: '21.50',
  },
  blockStorage: {
    name: { en: 'Block storage SSD', nl: 'Blokopslag SSD' },
    unit: { en: '100 GB', nl: '100 GB' },
    price: '12.00',
  },
  kubernetes: {
    name: { en: 'Managed Kubernetes control plane', nl: 'Beheerd Kubernetes-controlplane' },
    unit: { en: 'cluster', nl: 'cluster' },
    price: '195.00',
  },
  kubernetesNode: {
    name: { en: 'Kubernetes worker node (8 vCPU, 32 GB)', nl: 'Kubernetes-werknode (8 vCPU, 32 GB)' },
    unit: { en: 'node', nl: 'node' },
    price: '179.00',
  },
  observe: {
    name: { en: 'Observe: managed metrics and logs', nl: 'Observe: beheerde metrics en logs' },
    unit: { en: 'month', nl: 'maand' },
    price: '89.00',
  },
  serviceManagement: {
    name: { en: 'Service management (24/7 on call)', nl: 'Servicemanagement (24/7 piketdienst)' },
    unit: { en: 'month', nl: 'maand' },
    price: '450.00',
  },
  onboarding: {
    name: { en: 'Onboarding and migration', nl: 'Onboarding en migratie' },
    unit: { en: 'one-off', nl: 'eenmalig' },
    price: '1250.00',
  },
  consultancy: {
    name: { en: 'Professional services (senior engineer)', nl: 'Professional services (senior engineer)' },
    unit: { en: 'hour', nl: 'uur' },
    price: '125.00',
  },
  colocation: {
    name: { en: 'Colocation half rack incl. 2 kW', nl: 'Colocatie halfrack incl. 2 kW' },
    unit: { en: 'rack', nl: 'rack' },
    price: '695.00',
  },
} satisfies Record<string, Product>;

type ProductKey = keyof typeof products;

interface DemoContractSpec {
  suffix: string;
  description: Text;
  recurring: boolean;
  status: ContractStatus;
  /** Months before the current month the contract started (negative: in the future). */
  startedMonthsAgo: number;
  /** Months before the current month it ended, if it did. */
  endedMonthsAgo?: number;
  /** Days from today to the renewal date (recurring contracts that run). */
  renewsInDays?: number;
  rules: { product: ProductKey; quantity: string; recurring: boolean }[];
}

/** Per customer: quantities scale a little, statuses and renewals vary. */
function contractSpecs(customerId: number): DemoContractSpec[] {
  const index = customerId - 1000;
  const servers = String(2 + index);
  const kubernetes: ContractStatus =
    customerId === 1003 ? 'future' : customerId === 1005 ? 'ended' : 'active';
  return [
    {
      suffix: '01',
      description: { en: 'Managed hosting', nl: 'Managed hosting' },
      recurring: true,
      status: 'active',
      startedMonthsAgo: MONTHS - 1,
      renewsInDays: 40 + index * 7,
      rules: [
        { product: 'managedServer', quantity: servers, recurring: true },
        { product: 'managedDatabase', quantity: '1', recurring: true },
        { product: 'backup', quantity: String(500 * index), recurring: true },
        { product: 'onboarding', quantity: '1', recurring: false },
      ],
    },
    {
      suffix: '02',
      description: { en: 'Storage', nl: 'Opslag' },
      recurring: true,
      status: 'active',
      startedMonthsAgo: 24 - index,
      renewsInDays: 150 + index * 11,
      rules: [
        { product: 'objectStorage', quantity: String(index + 1), recurring: true },
        { product: 'blockStorage', quantity: String(index * 3), recurring: true },
      ],
    },
    {
      suffix: '03',
      description: { en: 'Managed Kubernetes', nl: 'Managed Kubernetes' },
      recurring: true,
      status: kubernetes,
      startedMonthsAgo: kubernetes === 'future' ? -1 : 18,
      endedMonthsAgo: kubernetes === 'ended' ? 4 : undefined,
      renewsInDays: kubernetes === 'active' ? 200 + index : undefined,
      rules: [
        { product: 'kubernetes', quantity: '1', recurring: true },
        { product: 'kubernetesNode', quantity: '3', recurring: true },
      ],
    },
    {
      suffix: '04',
      description: { en: 'Observe', nl: 'Observe' },
      recurring: true,
      status: customerId === 1005 ? 'suspended' : 'active',
      startedMonthsAgo: 12,
      renewsInDays: 75 + index,
      rules: [{ product: 'observe', quantity: '1', recurring: true }],
    },
    {
      suffix: '05',
      description: { en: 'Service management', nl: 'Servicemanagement' },
      recurring: true,
      status: 'active',
      startedMonthsAgo: MONTHS - 1,
      renewsInDays: customerId === 1001 ? 21 : 100 + index * 13,
      rules: [{ product: 'serviceManagement', quantity: '1', recurring: true }],
    },
    {
      suffix: '06',
      description: {
        en: 'Professional services: 40-hour block',
        nl: 'Professional services: strippenkaart 40 uur',
      },
      recurring: false,
      status: 'ended',
      startedMonthsAgo: 20,
      endedMonthsAgo: 8,
      rules: [{ product: 'consultancy', quantity: '40', recurring: false }],
    },
    {
      suffix: '07',
      description: { en: 'Colocation Amsterdam', nl: 'Colocatie Amsterdam' },
      recurring: true,
      status: 'cancelled',
      startedMonthsAgo: MONTHS + 12,
      endedMonthsAgo: 30,
      rules: [{ product: 'colocation', quantity: '1', recurring: true }],
    },
  ];
}

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  isoToday(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));
/** The 1st of the month `months` before the month of `date`. */
function monthStart(date: string, monthsAgo: number): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const total = year * 12 + (month - 1) - monthsAgo;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}
const monthEnd = (start: string) => addDays(monthStart(start, -1), -1);

const monthName = (start: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${start}T00:00:00Z`));

export interface DemoAdministration {
  contracts: { id: string; body: ContractUpsert }[];
  invoices: { number: string; body: InvoiceUpsert }[];
}

/** The demo contracts and invoices of every demo customer, as the accounting system would push them. */
export function buildDemoAdministration(today: string): DemoAdministration {
  const customers = demoCustomers.filter((customer) => customer.customerId > 1000);
  const contracts: DemoAdministration['contracts'] = [];
  const drafts: { date: string; customerId: number; body: Omit<InvoiceUpsert, 'payment_reference'> }[] = [];

  for (const customer of customers) {
    const language = customer.language;
    const account = customer.bankAccounts.find((entry) => entry.main);
    const specs = contractSpecs(customer.customerId);
    for (const spec of specs) {
      const start = monthStart(today, spec.startedMonthsAgo);
      const end =
        spec.endedMonthsAgo === undefined ? null : addDays(monthStart(today, spec.endedMonthsAgo), -1);
      const directDebit = spec.recurring && account !== undefined;
      contracts.push({
        id: `CT-${customer.customerId}-${spec.suffix}`,
        body: {
          customer_id: customer.customerId,
          description: spec.description[language],
          recurring: spec.recurring,
          status: spec.status,
          start_date: start,
          end_date: end,
          renewal_date: spec.renewsInDays === undefined ? null : addDays(today, spec.renewsInDays),
          currency: 'EUR',
          rules: spec.rules.map((rule) => ({
            product: products[rule.product].name[language],
            quantity: rule.quantity,
            unit: products[rule.product].unit[language],
            unit_price: products[rule.product].price,
            recurring: rule.recurring,
          })),
          billing: {
            payment_method: directDebit ? 'direct_debit' : 'invoice',
            payment_period: 'monthly',
            iban: directDebit ? account.iban : null,
            bic: directDebit ? account.bic : null,
            account_holder: directDebit ? account.accountHolder : null,
            po_number: customer.usagePoNumber,
          },
          term: { start_date: start, extension_months: spec.recurring ? 12 : 0, payment_days: 30 },
        },
      });
    }

    for (let monthsAgo = MONTHS - 1; monthsAgo >= 0; monthsAgo--) {
      const date = monthStart(today, monthsAgo);
      const periodEnd = monthEnd(date);
      const lines: InvoiceUpsert['lines'] = [];
      for (const spec of specs) {
        const start = monthStart(today, spec.startedMonthsAgo);
        const ended = spec.endedMonthsAgo !== undefined && monthsAgo < spec.endedMonthsAgo;
        if (start > date || ended) continue;
        for (const rule of spec.rules) {
          const product = products[rule.product];
          // One-off rules are billed in the contract's first month; the hours block by use, below.
          if (!rule.recurring && (start !== date || rule.product === 'consultancy')) continue;
          if (rule.quantity === '0') continue;
          lines.push({
            description: rule.recurring
              ? `${product.name[language]} — ${monthName(date, language)}`
              : product.name[language],
            quantity: rule.quantity,
            unit: product.unit[language],
            unit_price: product.price,
            vat_rate: '21',
            period_start: rule.recurring ? date : null,
            period_end: rule.recurring ? periodEnd : null,
          });
        }
      }
      if (lines.length > 0) {
        drafts.push({
          date,
          customerId: customer.customerId,
          body: {
            customer_id: customer.customerId,
            invoice_date: date,
            due_date: addDays(date, 30),
            payment_date: null,
            currency: 'EUR',
            description:
              language === 'nl' ? `Diensten ${monthName(date, 'nl')}` : `Services ${monthName(date, 'en')}`,
            contract_id: `CT-${customer.customerId}-01`,
            amount_due: '0',
            written_off: false,
            lines,
          },
        });
      }
      // Hours of the professional-services block, billed every other month while it ran.
      const block = specs.find((spec) => spec.suffix === '06');
      if (
        block &&
        monthsAgo <= block.startedMonthsAgo &&
        monthsAgo > (block.endedMonthsAgo ?? 0) &&
        monthsAgo % 2 === 0
      ) {
        const hours = fixedDecimal(String(4 + ((monthsAgo + customer.customerId) % 5) * 1.5), 1);
        const consult = products.consultancy;
        drafts.push({
          date: addDays(date, 14),
          customerId: customer.customerId,
          body: {
            customer_id: customer.customerId,
            invoice_date: addDays(date, 14),
            due_date: addDays(date, 44),
            payment_date: null,
            currency: 'EUR',
            description: language === 'nl' ? 'Professional services' : 'Professional services',
            contract_id: `CT-${customer.customerId}-06`,
            amount_due: '0',
            written_off: false,
            lines: [
              {
                description: `${consult.name[language]} — ${monthName(date, language)}`,
                quantity: hours,
                unit: consult.unit[language],
                unit_price: consult.price,
                vat_rate: '21',
                period_start: date,
                period_end: periodEnd,
              },
            ],
          },
        });
      }
    }
  }

  // Numbers run per year in date order, as an accounting system hands them out.
  drafts.sort((a, b) => (a.date === b.date ? a.customerId - b.customerId : a.date < b.date ? -1 : 1));
  const perYear = new Map<string, number>();
  // Two and three months back are past their due date on any day of the month.
  const twoMonthsAgo = monthStart(today, 2);
  const threeMonthsAgo = monthStart(today, 3);
  const eightMonthsAgo = monthStart(today, 8);
  const invoices = drafts.map(({ date, customerId, body }) => {
    const year = date.slice(0, 4);
    const sequence = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, sequence);
    const number = `INV-${year}-${String(sequence).padStart(5, '0')}`;
    const { amount } = invoiceTotals(body.lines);
    const monthly = body.contract_id?.endsWith('-01') ?? false;
    let amountDue = '0.00';
    let paymentDate: string | null = addDays(body.due_date, ((sequence * 7) % 24) - 16);
    let writtenOff = false;
    if (body.due_date >= today) {
      amountDue = amount;
      paymentDate = null;
    } else if (monthly && date === twoMonthsAgo && (customerId === 1001 || customerId === 1002)) {
      amountDue = customerId === 1002 ? sumMoney([amount, '-500.00']) : amount;
      paymentDate = null;
    } else if (monthly && date === threeMonthsAgo && customerId === 1002) {
      amountDue = amount;
      paymentDate = null;
    } else if (monthly && date === eightMonthsAgo && customerId === 1003) {
      amountDue = amount;
      paymentDate = null;
      writtenOff = true;
    }
    if (paymentDate !== null && paymentDate > today) paymentDate = today;
    return {
      number,
      body: {
        ...body,
        payment_reference: number,
        amount_due: amountDue,
        payment_date: paymentDate,
        written_off: writtenOff,
      },
    };
  });
  return { contracts, invoices };
}

/** Loads the demo administration once, through the same upserts the accounting system calls. */
export async function seedDemoAdministration(db: Database, now: Date = new Date()): Promise<boolean> {
  // Recorded after the data: a start that stops halfway loads the rest next time (the upserts of what
  // was already loaded change nothing).
  const done = await db.select().from(seedState).where(eq(seedState.name, SEED_NAME));
  if (done.length > 0) return false;
  const { contracts, invoices } = buildDemoAdministration(isoToday(now));
  const deps = {
    audit: { record: async () => {} },
    cursors: createCursors('demo seed: no cursors are handed out here'),
    customerExists: async () => true,
  };
  const contractService = createContractsService({
    ...deps,
    repo: createContractsRepo(db),
    fileEndRequest: async () => {
      throw new Error('the seed files no end requests');
    },
  });
  const invoiceService = createInvoicesService({
    ...deps,
    repo: createInvoicesRepo(db),
    customers: {
      get: () => Promise.reject(new Error('the seed renders no PDF')),
      bankAccounts: () => Promise.reject(new Error('the seed renders no PDF')),
    },
    brandName: 'seed',
  });
  const actor = { id: 'seed', name: 'demo seed', requestId: 'seed' };
  for (const contract of contracts) await contractService.upsert(contract.id, contract.body, actor);
  for (const invoice of invoices) await invoiceService.upsert(invoice.number, invoice.body, actor);
  await db.insert(seedState).values({ name: SEED_NAME }).onConflictDoNothing();
  return true;
}
