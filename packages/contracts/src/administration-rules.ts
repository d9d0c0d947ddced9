import { displayLocales } from './display-rules.ts';

// The rules of invoices and contracts (DESIGN.md §8), without zod, so the web app's routes can use them
// without bringing zod into the start. Money is never a float: amounts travel as decimal strings with
// two decimals ("1234.50") and are computed here in integer cents (bigint).

import type { ContractStatus, InvoiceStatus } from './administration-statuses.ts';

export * from './administration-statuses.ts';

/** Contracts "show ended" reveals; the list hides them by default. */
export const endedContractStatuses: readonly ContractStatus[] = ['ended', 'cancelled'];
/** A contract in one of these can still be asked to end. */
export const endableContractStatuses: readonly ContractStatus[] = ['active', 'future', 'suspended'];

export const paymentMethods = ['direct_debit', 'invoice'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const billingPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const currencies = ['EUR'] as const;
export type Currency = (typeof currencies)[number];

/** The administration overview lists contracts renewing within this many days. */
export const RENEWAL_OVERVIEW_DAYS = 90;
/** Users are notified once of a contract renewing within this many days. */
export const RENEWAL_NOTICE_DAYS = 30;
/** SPEC.md §5: search needs at least 3 characters (a date is always long enough). */
export const ADMINISTRATION_SEARCH_MIN_LENGTH = 3;

/** An amount in money: up to 12 digits, exactly two decimals on the wire, optionally negative (credit notes). */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
/** A quantity (hours, pieces, GiB): up to 3 decimals. */
export const QUANTITY_PATTERN = /^-?\d{1,9}(\.\d{1,3})?$/;
/** A unit price: up to 4 decimals. */
export const UNIT_PRICE_PATTERN = /^-?\d{1,12}(\.\d{1,4})?$/;
/** A VAT rate in percent: 21, 9, 0 or 21.00. */
export const VAT_RATE_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;

/** Decimal string → integer in units of 10^-scale, exact. */
function scaled(value: string, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new Error(`more than ${scale} decimals: ${value}`);
  const digits = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return sign === '-' ? -digits : digits;
}

/** Money as PostgreSQL spells it: digits with at most two decimals. */
const PLAIN_MONEY = /^-?\d+(?:\.\d{1,2})?$/;

/**
 * `toCents(value) > 0n` without the bigint, for the status of every row of a list: the sign of such a
 * decimal survives conversion to a double. Anything else goes through `toCents` (which throws for it).
 */
export function isPositiveDecimal(value: string): boolean {
  return PLAIN_MONEY.test(value) ? Number(value) > 0 : toCents(value) > 0n;
}

/** Integer division rounding half away from zero (commercial rounding). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** A decimal with exactly `scale` decimals ("7.5", 3 → "7.500"): one spelling per value. */
export function fixedDecimal(value: string, scale: number): string {
  const units = scaled(value, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

/** "1234.5" → 123450n cents. */
export const toCents = (amount: string): bigint => scaled(amount, 2);

/** 123450n → "1234.50". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The sum of amounts, exact. */
export const sumMoney = (amounts: readonly string[]): string =>
  fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));

/** A line's amount: quantity × unit price, rounded to cents (half away from zero). */
export function lineAmount(quantity: string, unitPrice: string): string {
  // quantity in thousandths × price in ten-thousandths = amount in 10^-7; to cents divide by 10^5.
  return fromCents(divRound(scaled(quantity, 3) * scaled(unitPrice, 4), 100_000n));
}

/** VAT on a taxable amount: amount × rate / 100, rounded to cents (EN 16931 BR-CO-17). */
export function vatAmount(taxable: string, rate: string): string {
  return fromCents(divRound(toCents(taxable) * scaled(rate, 2), 10_000n));
}

/** A VAT rate normalised to two decimals ("21" → "21.00"). */
export const normaliseRate = (rate: string): string => fromCents(scaled(rate, 2));

export interface InvoiceLineInput {
  quantity: string;
  unit_price: string;
  vat_rate: string;
}

export interface VatBreakdown {
  rate: string;
  taxable_amount: string;
  vat_amount: string;
}

export interface InvoiceTotals {
  lines: string[];
  net_amount: string;
  vat_amount: string;
  amount: string;
  vat_breakdown: VatBreakdown[];
}

/**
 * An invoice's totals from its lines: each line's amount, VAT per rate over the sum of that rate's
 * lines (not per line), highest rate first, and the totals.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  const amounts = lines.map((line) => lineAmount(line.quantity, line.unit_price));
  const perRate = new Map<string, bigint>();
  lines.forEach((line, index) => {
    const rate = normaliseRate(line.vat_rate);
    perRate.set(rate, (perRate.get(rate) ?? 0n) + toCents(amounts[index] ?? '0'));
  });
  const breakdown = [...perRate.entries()]
    .sort(([a], [b]) => Number(toCents(b) - toCents(a)))
    .map(([rate, taxable]) => {
      const taxableAmount = fromCents(taxable);
      return { rate, taxable_amount: taxableAmount, vat_amount: vatAmount(taxableAmount, rate) };
    });
  const net = sumMoney(amounts);
  const vat = sumMoney(breakdown.map((entry) => entry.vat_amount));
  return {
    lines: amounts,
    net_amount: net,
    vat_amount: vat,
    amount: sumMoney([net, vat]),
    vat_breakdown: breakdown,
  };
}

const DAY_MS = 86_400_000;

/** A calendar date (YYYY-MM-DD) as days since 1970-01-01, or undefined when it is no real date. */
export function dayNumber(date: string): number | undefined {
  const known = dayNumbers.get(date);
  if (known !== undefined || dayNumbers.has(date)) return known;
  const day = parseDayNumber(date);
  // Every list row asks for its dates: the answers are kept (a century of dates is 36,525 of them;
  // beyond a bound, which only bad input reaches, the memory starts over).
  if (dayNumbers.size >= 50_000) dayNumbers.clear();
  dayNumbers.set(date, day);
  return day;
}

const dayNumbers = new Map<string, number | undefined>();

function parseDayNumber(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) return undefined;
  return time / DAY_MS;
}

/** Today's calendar date in UTC as YYYY-MM-DD. */
export const isoToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` lies before `from`. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new Error(`not a date: ${a === undefined ? from : to}`);
  return b - a;
}

export interface InvoiceState {
  due_date: string;
  amount_due: string;
  written_off: boolean;
}

/**
 * SPEC.md §4, §9: an invoice is written off when the accounting system says so, paid when nothing is
 * due, overdue from the day after its due date (with the days since the due date), and to pay before.
 */
export function invoiceStatus(
  invoice: InvoiceState,
  today: string,
): { status: InvoiceStatus; overdue_days: number | null } {
  if (invoice.written_off) return { status: 'written_off', overdue_days: null };
  if (!isPositiveDecimal(invoice.amount_due)) return { status: 'paid', overdue_days: null };
  const late = daysBetween(invoice.due_date, today);
  return late > 0 ? { status: 'overdue', overdue_days: late } : { status: 'to_pay', overdue_days: null };
}

/** SPEC.md §9: renewal days from today (0 on the day, negative once passed); null without a renewal date. */
export function renewalDays(renewalDate: string | null, today: string): number | null {
  return renewalDate === null ? null : daysBetween(today, renewalDate);
}

/** Whether a contract renews within `days` from today (today included, past dates not). */
export function renewsWithin(renewalDate: string | null, today: string, days: number): boolean {
  const left = renewalDays(renewalDate, today);
  return left !== null && left >= 0 && left <= days;
}

export interface ContractRuleInput {
  quantity: string;
  unit_price: string;
  recurring: boolean;
}

/** A contract's monthly (recurring rules) and one-off costs. */
export function contractCosts(rules: readonly ContractRuleInput[]): { monthly: string; one_off: string } {
  const of = (recurring: boolean) =>
    sumMoney(
      rules
        .filter((rule) => rule.recurring === recurring)
        .map((rule) => lineAmount(rule.quantity, rule.unit_price)),
    );
  return { monthly: of(true), one_off: of(false) };
}

/** Whether an end request may be filed: the contract still runs (or is yet to start) and none is pending. */
export function canRequestEnd(contract: {
  status: ContractStatus;
  end_requested_at: string | null;
}): boolean {
  return endableContractStatuses.includes(contract.status) && contract.end_requested_at === null;
}

export type InvoiceSearch =
  | { kind: 'none' }
  | { kind: 'number'; text: string }
  | { kind: 'date'; from: string; to: string }
  | { kind: 'invalid'; reason: 'too_short' | 'bad_date' };

/** DD-MM-YYYY (the screen's format, SPEC §9) or YYYY-MM-DD → YYYY-MM-DD, or undefined. */
export function parseDate(value: string): string | undefined {
  const trimmed = value.trim();
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(trimmed);
  const iso = dutch
    ? `${dutch[3]}-${dutch[2]?.padStart(2, '0')}-${dutch[1]?.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
      ? trimmed
      : undefined;
  return iso !== undefined && dayNumber(iso) !== undefined ? iso : undefined;
}

const DATE_LIKE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/;

/**
 * The invoice search box: an invoice number (or part of one, at least 3 characters), a date, or a date
 * range "from - to" / "from..to" (either order), in DD-MM-YYYY or YYYY-MM-DD.
 */
export function parseInvoiceSearch(query: string | undefined): InvoiceSearch {
  const q = (query ?? '').trim();
  if (q === '') return { kind: 'none' };
  const range = /^(\S+)\s*(?:\.\.|\s-\s|–|—)\s*(\S+)$/.exec(q);
  const parts = range ? [range[1] ?? '', range[2] ?? ''] : [q];
  if (parts.every((part) => DATE_LIKE.test(part))) {
    const dates = parts.map(parseDate);
    if (dates.some((date) => date === undefined)) return { kind: 'invalid', reason: 'bad_date' };
    const [a = '', b = a] = dates as string[];
    return a <= b ? { kind: 'date', from: a, to: b } : { kind: 'date', from: b, to: a };
  }
  if (q.length < ADMINISTRATION_SEARCH_MIN_LENGTH) return { kind: 'invalid', reason: 'too_short' };
  return { kind: 'number', text: q };
}

/** SPEC.md §9: numbers in en-GB or nl-NL. */
const numberLocale = (language: string) => displayLocales[language === 'nl' ? 'nl' : 'en'];

/**
 * An amount in the language's number format ("€ 1.234,50" in Dutch, "€1,234.50" in English). The
 * decimal string goes to Intl as a string, which formats it exactly (no float on the way).
 */
export function formatMoney(
  amount: string,
  language: string,
  currency: Currency = 'EUR',
  { unitPrice = false }: { unitPrice?: boolean } = {},
): string {
  // A unit price keeps the decimals it has, two at least and four at most ("€ 0,045").
  const exact = fixedDecimal(amount, unitPrice ? 4 : 2);
  const decimals = unitPrice ? Math.max(2, (exact.split('.')[1] ?? '').replace(/0+$/, '').length) : 2;
  const format = new Intl.NumberFormat(numberLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return format.format(exact as `${number}`);
}

/** A decimal quantity in the language's format, with only the decimals it has ("7,5", "1.000"). */
export function formatDecimalQuantity(quantity: string, language: string): string {
  const format = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 3 });
  return format.format(quantity.trim() as `${number}`);
}

/** SPEC.md §9: dates as DD-MM-YYYY. */
export function formatDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}-${month}-${year}`;
}
