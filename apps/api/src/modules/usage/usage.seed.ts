import { recentPeriods, type UsageKind, type UsageUnit } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';
import { usageEntries } from './usage.table.ts';

/** A bundle of the demo: how much it holds a month and how much a month typically uses. */
export interface Bundle {
  type: UsageKind;
  subtype: string;
  usageType: string;
  unit: UsageUnit;
  /** What the bundle holds at the start of each period (renewing) or once (not renewing). */
  amount: number;
  /** A month's use as a share of `amount`, before the month's own variation (±35 %). */
  use: number;
  renews: boolean;
  rate: string;
  /** Whole numbers only (series, and hours in quarters are rounded separately). */
  step: number;
}

export const bundle = (
  type: UsageKind,
  usageType: string,
  subtype: string,
  unit: UsageUnit,
  amount: number,
  use: number,
  rate: string,
  { renews = true, step = 0.01 }: { renews?: boolean; step?: number } = {},
): Bundle => ({ type, usageType, subtype, unit, amount, use, renews, rate, step });

/**
 * The demo's bundles per customer (issue 12): hours (`manhour`), storage in GiB and TiB, traffic in
 * TB, Observe series and bytes; renewing and prepaid ones, some over quota, some untouched.
 */
export const demoBundles: Record<number, Bundle[]> = {
  1001: [
    bundle('hours', 'manhour', 'support', 'hour', 16, 0.7, '95.00', { step: 0.25 }),
    // A prepaid block of consultancy hours drawn down month by month; it runs out and goes over quota.
    bundle('hours', 'consultancy', 'project', 'hour', 60, 0.09, '115.00', { renews: false, step: 0.25 }),
    bundle('storage', 'storage', 'block', 'TiB', 4, 0.62, '45.00'),
    bundle('storage', 'backup', 'object', 'GiB', 500, 0.95, '0.05'),
    bundle('traffic', 'traffic', 'internet', 'TB', 10, 0.35, '12.50'),
    bundle('observe', 'observe_series', 'metrics', 'series', 50_000, 0.82, '0.01', { step: 1 }),
    bundle('observe', 'observe_bytes', 'logs', 'GiB', 200, 1.1, '0.20'),
  ],
  1002: [
    // Over quota every whole month (1.6 × 0.65 > 1); the current month once enough of it has passed.
    bundle('hours', 'manhour', 'support', 'hour', 8, 1.6, '95.00', { step: 0.25 }),
    bundle('storage', 'storage', 'block', 'GiB', 750, 0.45, '0.06'),
    bundle('traffic', 'traffic', 'internet', 'TB', 25, 0.5, '12.50'),
    bundle('observe', 'observe_series', 'metrics', 'series', 20_000, 0.4, '0.01', { step: 1 }),
  ],
  1003: [
    // Untouched.
    bundle('hours', 'manhour', 'support', 'hour', 4, 0, '95.00', { step: 0.25 }),
    bundle('storage', 'storage', 'block', 'GiB', 250, 0.3, '0.06'),
  ],
  1004: [
    bundle('hours', 'manhour', 'support', 'hour', 12, 0.5, '95.00', { step: 0.25 }),
    bundle('traffic', 'traffic', 'internet', 'TB', 5, 0.2, '12.50'),
  ],
  1005: [bundle('storage', 'storage', 'block', 'TiB', 1, 0.97, '45.00')],
};

/** FNV-1a over text: the same month's use in every database. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const clean = (value: number) => Math.round(value * 100) / 100;

export type UsageRow = typeof usageEntries.$inferInsert;

/**
 * The demo's usage rows for the 13 months up to `now` (oldest first): a renewing bundle starts each
 * month full; a prepaid one carries what is left into the next month. The current month holds the
 * part of its use up to today.
 */
export function buildDemoUsage(
  now: Date,
  bundles: Record<number, Bundle[]> = demoBundles,
  { partialCurrent = true }: { partialCurrent?: boolean } = {},
): UsageRow[] {
  const periods = recentPeriods(now).reverse();
  const day = now.getUTCDate();
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const rows: UsageRow[] = [];
  for (const [customer, list] of Object.entries(bundles)) {
    const customerId = Number(customer);
    for (const item of list) {
      let carried = item.amount;
      periods.forEach((period, index) => {
        const variation = 0.65 + ((hash(`${customerId}/${item.usageType}/${period}`) % 1000) / 1000) * 0.7;
        const share = partialCurrent && index === periods.length - 1 ? day / daysInMonth : 1;
        const used = clean(roundTo(item.amount * item.use * variation * share, item.step));
        const start = item.renews ? item.amount : carried;
        const remaining = clean(Math.max(0, start - used));
        const overusage = clean(Math.max(0, used - start));
        rows.push({
          customerId,
          period,
          type: item.type,
          subtype: item.subtype,
          usageType: item.usageType,
          unit: item.unit,
          periodStartAmount: start,
          remainingAmount: remaining,
          usedAmount: used,
          overusageAmount: overusage,
          renews: item.renews,
          rate: item.rate,
        });
        carried = remaining;
      });
    }
  }
  return rows;
}

const SEED_NAME = 'demo-usage';

/** Loads the demo usage once (its own seed name, so an older data folder gets it on its next start). */
export async function seedDemoUsage(db: Database, now = new Date()): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    const rows = buildDemoUsage(now);
    for (let i = 0; i < rows.length; i += 500) await tx.insert(usageEntries).values(rows.slice(i, i + 500));
  });
}
