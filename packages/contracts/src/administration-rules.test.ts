import { describe, expect, it } from 'vitest';
import {
  canRequestEnd,
  contractCosts,
  dayNumber,
  daysBetween,
  fixedDecimal,
  formatDate,
  formatDecimalQuantity,
  formatMoney,
  fromCents,
  invoiceStatus,
  invoiceTotals,
  isPositiveDecimal,
  lineAmount,
  parseInvoiceSearch,
  renewalDays,
  renewsWithin,
  sumMoney,
  toCents,
  vatAmount,
} from './administration-rules.ts';

describe('money in cents', () => {
  it.each([
    ['0', 0n, '0.00'],
    ['0.1', 10n, '0.10'],
    ['1234.5', 123450n, '1234.50'],
    ['-12.34', -1234n, '-12.34'],
    ['999999999999.99', 99999999999999n, '999999999999.99'],
    ['0.07', 7n, '0.07'],
  ])('%s is %d cents and reads back as %s', (amount, cents, written) => {
    expect(toCents(amount)).toBe(cents);
    expect(fromCents(cents)).toBe(written);
  });

  it.each(['', 'abc', '1.234', '1,50', '1e3', '0x10'])('refuses %j', (amount) => {
    expect(() => toCents(amount)).toThrow();
  });

  it.each([
    ['7.5', 3, '7.500'],
    ['007.50', 2, '7.50'],
    ['-0.5', 4, '-0.5000'],
    ['12', 0, '12'],
    ['0', 2, '0.00'],
  ] as const)('%s with %d decimals is %s', (value, scale, written) => {
    expect(fixedDecimal(value, scale)).toBe(written);
  });

  it('sums exactly where floats do not (0.1 + 0.2)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['1000000000.01', '-0.01'])).toBe('1000000000.00');
  });
});

describe('line amounts and VAT', () => {
  it.each([
    ['1', '100', '100.00'],
    ['7.5', '125', '937.50'],
    ['3', '0.3333', '1.00'],
    ['1', '0.005', '0.01'], // half away from zero
    ['1', '0.0049', '0.00'],
    ['-1', '0.005', '-0.01'],
    ['0.333', '10', '3.33'],
    ['2048', '0.0125', '25.60'],
  ])('%s × %s = %s', (quantity, price, amount) => {
    expect(lineAmount(quantity, price)).toBe(amount);
  });

  it.each([
    ['100.00', '21', '21.00'],
    ['10.05', '21', '2.11'], // 2.1105
    ['10.10', '9', '0.91'], // 0.909
    ['1.50', '21', '0.32'], // 0.315 rounds up
    ['-1.50', '21', '-0.32'],
    ['123.45', '0', '0.00'],
  ])('VAT of %s at %s%% is %s', (taxable, rate, vat) => {
    expect(vatAmount(taxable, rate)).toBe(vat);
  });

  it('totals an invoice with VAT per rate over the sum of its lines', () => {
    const totals = invoiceTotals([
      { quantity: '1', unit_price: '0.05', vat_rate: '21' },
      { quantity: '1', unit_price: '0.05', vat_rate: '21.00' },
      { quantity: '2', unit_price: '10', vat_rate: '9' },
      { quantity: '1', unit_price: '50', vat_rate: '0' },
    ]);
    expect(totals.lines).toEqual(['0.05', '0.05', '20.00', '50.00']);
    expect(totals.vat_breakdown).toEqual([
      // Per line 0.0105 each would round to 0.01 + 0.01; over the sum 0.10 it is 0.02 as well, but the
      // rule is the sum's.
      { rate: '21.00', taxable_amount: '0.10', vat_amount: '0.02' },
      { rate: '9.00', taxable_amount: '20.00', vat_amount: '1.80' },
      { rate: '0.00', taxable_amount: '50.00', vat_amount: '0.00' },
    ]);
    expect(totals.net_amount).toBe('70.10');
    expect(totals.vat_amount).toBe('1.82');
    expect(totals.amount).toBe('71.92');
  });

  it('rounds VAT over the sum, not per line', () => {
    const totals = invoiceTotals([
      { quantity: '1', unit_price: '1.50', vat_rate: '21' },
      { quantity: '1', unit_price: '1.50', vat_rate: '21' },
    ]);
    // Per line 0.315 → 0.32 twice = 0.64; over 3.00 it is 0.63.
    expect(totals.vat_amount).toBe('0.63');
  });
});

describe('invoice status', () => {
  const open = { due_date: '2026-11-10', amount_due: '121.00', written_off: false };
  it.each([
    ['before the due date', open, '2026-11-01', 'to_pay', null],
    ['on the due date', open, '2026-11-10', 'to_pay', null],
    ['the day after', open, '2026-11-11', 'overdue', 1],
    ['over a month boundary', open, '2026-12-24', 'overdue', 44],
    ['over a leap day', { ...open, due_date: '2028-02-28' }, '2028-03-01', 'overdue', 2],
    ['paid in full', { ...open, amount_due: '0.00' }, '2026-12-24', 'paid', null],
    ['a credit note', { ...open, amount_due: '-10.00' }, '2026-12-24', 'paid', null],
    ['written off', { ...open, written_off: true }, '2026-12-24', 'written_off', null],
    ['a cent due', { ...open, amount_due: '0.01' }, '2026-11-12', 'overdue', 2],
  ] as const)('%s', (_name, invoice, today, status, days) => {
    expect(invoiceStatus(invoice, today)).toEqual({ status, overdue_days: days });
  });

  it.each(['0', '0.00', '-0.00', '0.01', '-0.01', '121.00', '7.5', '999999999999.99', '-5', '00.10'])(
    'the fast sign test of %s agrees with the cents',
    (amount) => {
      expect(isPositiveDecimal(amount)).toBe(toCents(amount) > 0n);
    },
  );

  it.each(['', ' ', '1e5', '0x10', 'Infinity', '1.234', 'abc'])(
    'what is not money (%j) is refused as toCents refuses it',
    (amount) => {
      expect(() => isPositiveDecimal(amount)).toThrow();
    },
  );

  it('a date asked again has the same day number, a bad one stays undefined', () => {
    for (let round = 0; round < 2; round++) {
      expect(dayNumber('2026-02-28')).toBe(Date.UTC(2026, 1, 28) / 86_400_000);
      expect(dayNumber('2026-02-29')).toBeUndefined();
      expect(dayNumber('2026-2-28')).toBeUndefined();
    }
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });
});

describe('renewal days', () => {
  it.each([
    [null, '2026-11-24', null, false],
    ['2026-11-24', '2026-11-24', 0, true],
    ['2026-12-24', '2026-11-24', 30, true],
    ['2026-12-25', '2026-11-24', 31, false],
    ['2026-11-23', '2026-11-24', -1, false],
    ['2027-02-22', '2026-11-24', 90, false],
  ] as const)('renewing %s, today %s: %s days', (renewal, today, days, within30) => {
    expect(renewalDays(renewal, today)).toBe(days);
    expect(renewsWithin(renewal, today, 30)).toBe(within30);
  });

  it('counts days between real dates only', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow();
  });
});

describe('contracts', () => {
  it('costs split into monthly and one-off', () => {
    expect(
      contractCosts([
        { quantity: '3', unit_price: '149.50', recurring: true },
        { quantity: '500', unit_price: '0.045', recurring: true },
        { quantity: '8', unit_price: '125', recurring: false },
      ]),
    ).toEqual({ monthly: '471.00', one_off: '1000.00' });
    expect(contractCosts([])).toEqual({ monthly: '0.00', one_off: '0.00' });
  });

  it.each([
    ['active', null, true],
    ['future', null, true],
    ['suspended', null, true],
    ['active', '2026-11-01T10:00:00Z', false],
    ['ended', null, false],
    ['cancelled', null, false],
  ] as const)('%s with end requested %s can be ended: %s', (status, requested, can) => {
    expect(canRequestEnd({ status, end_requested_at: requested })).toBe(can);
  });
});

describe('invoice search', () => {
  it.each([
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['IN', { kind: 'invalid', reason: 'too_short' }],
    ['INV-2026', { kind: 'number', text: 'INV-2026' }],
    ['004812', { kind: 'number', text: '004812' }],
    ['15-10-2026', { kind: 'date', from: '2026-10-15', to: '2026-10-15' }],
    ['5-1-2026', { kind: 'date', from: '2026-01-05', to: '2026-01-05' }],
    ['2026-10-15', { kind: 'date', from: '2026-10-15', to: '2026-10-15' }],
    ['01-10-2026 - 31-10-2026', { kind: 'date', from: '2026-10-01', to: '2026-10-31' }],
    ['2026-10-31..2026-10-01', { kind: 'date', from: '2026-10-01', to: '2026-10-31' }],
    ['31-02-2026', { kind: 'invalid', reason: 'bad_date' }],
    ['01-10-2026 - 99-99-2026', { kind: 'invalid', reason: 'bad_date' }],
  ] as const)('%j', (query, parsed) => {
    expect(parseInvoiceSearch(query)).toEqual(parsed);
  });
});

describe('display', () => {
  it.each([
    ['1234.5', 'nl', '€ 1.234,50'],
    ['1234.5', 'en', '€1,234.50'],
    ['-0.07', 'nl', '€ -0,07'],
    ['999999999999.99', 'en', '€999,999,999,999.99'],
  ])('%s in %s is %s', (amount, language, shown) => {
    expect(formatMoney(amount, language).replace(/\u00a0/g, ' ')).toBe(shown);
  });

  it('shows unit prices with the decimals they have', () => {
    expect(formatMoney('0.0450', 'nl', 'EUR', { unitPrice: true }).replace(/\u00a0/g, ' ')).toBe('€ 0,045');
    expect(formatMoney('149.5000', 'en', 'EUR', { unitPrice: true })).toBe('€149.50');
  });

  it('keeps quantities and dates', () => {
    expect(formatDecimalQuantity('7.500', 'nl')).toBe('7,5');
    expect(formatDecimalQuantity('1000', 'nl')).toBe('1.000');
    expect(formatDecimalQuantity('0.045', 'en')).toBe('0.045');
    expect(formatDate('2026-11-24')).toBe('24-11-2026');
  });
});
