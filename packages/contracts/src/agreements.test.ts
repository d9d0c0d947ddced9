import { describe, expect, it } from 'vitest';
import {
  agreementChangeInputSchema,
  fromHundredths,
  nextAgreementTotal,
  toHundredths,
} from './agreements.ts';

describe('nextAgreementTotal', () => {
  it('adds and subtracts exactly, in hundredths', () => {
    expect(nextAgreementTotal('0.10', '0.2', false)).toEqual({ ok: true, total: '0.30' });
    expect(nextAgreementTotal('40.00', '-6.5', false)).toEqual({ ok: true, total: '33.50' });
    expect(nextAgreementTotal('1.00', '-1', false)).toEqual({ ok: true, total: '0.00' });
  });
  it('a renewal sets the total to the amount', () => {
    expect(nextAgreementTotal('12.25', '40', true)).toEqual({ ok: true, total: '40.00' });
  });
  it('never goes below zero nor beyond the largest total', () => {
    expect(nextAgreementTotal('1.00', '-1.01', false)).toEqual({
      ok: false,
      reason: 'negative',
      total: '-0.01',
    });
    expect(nextAgreementTotal('5.00', '-1', true)).toMatchObject({ ok: false, reason: 'negative' });
    expect(nextAgreementTotal('9999999999.99', '0.01', false)).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
  });
  it('refuses what is no decimal with at most two decimals', () => {
    for (const amount of ['', '1.005', '1e3', 'abc', '0x10', '.5', '1,5']) {
      expect(nextAgreementTotal('1.00', amount, false)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
  it('converts hundredths both ways', () => {
    expect(toHundredths('-0.5')).toBe(-50n);
    expect(fromHundredths(-5n)).toBe('-0.05');
    expect(fromHundredths(123456n)).toBe('1234.56');
  });
});

describe('agreementChangeInputSchema', () => {
  it('requires a comment of 3 to 500 characters without NUL', () => {
    expect(agreementChangeInputSchema.safeParse({ amount: '1', comment: 'ok' }).success).toBe(false);
    expect(agreementChangeInputSchema.safeParse({ amount: '1', comment: 'a\u0000bc' }).success).toBe(false);
    expect(agreementChangeInputSchema.safeParse({ amount: '1', comment: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(agreementChangeInputSchema.parse({ amount: '1', comment: ' fine ' })).toEqual({
      amount: '1',
      comment: 'fine',
      renewal: false,
    });
  });
});
