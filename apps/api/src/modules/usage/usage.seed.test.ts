import { describe, expect, it } from 'vitest';
import { demoCustomers } from '../../db/seed/demo-data.ts';
import { demoBundles } from './usage.seed.ts';

const GIB = 1024 ** 3;

describe('the demo usage bundles', () => {
  it('hold what the Company and Servers screens give as the Observe limits of their customer', () => {
    const compared: { customer: number; bundle: string; limit: number; amount: number }[] = [];
    for (const customer of demoCustomers) {
      const { metrics, logs } = customer.features.observe;
      for (const item of demoBundles[customer.customerId] ?? []) {
        if (item.usageType === 'observe_series') {
          expect(item.unit).toBe('series');
          compared.push({
            customer: customer.customerId,
            bundle: item.usageType,
            limit: metrics.limits.series,
            amount: item.amount,
          });
        }
        if (item.usageType === 'observe_bytes') {
          expect(item.unit).toBe('GiB');
          compared.push({
            customer: customer.customerId,
            bundle: item.usageType,
            limit: logs.limits.bytes / GIB,
            amount: item.amount,
          });
        }
      }
    }
    // Every Observe bundle of the demo is compared: 1001's series and logs, 1002's series.
    expect(compared.map(({ customer, bundle }) => `${customer} ${bundle}`)).toEqual([
      '1001 observe_series',
      '1001 observe_bytes',
      '1002 observe_series',
    ]);
    for (const { limit, amount, ...which } of compared)
      expect({ ...which, limit }).toEqual({ ...which, limit: amount });
  });
});
