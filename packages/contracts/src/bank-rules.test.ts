import { describe, expect, it } from 'vitest';
import { formatIban, isValidBic, isValidIban, normaliseIban } from './bank-rules.ts';

describe('bank rules', () => {
  it.each([
    ['NL91ABNA0417164300', true],
    ['DE89370400440532013000', true],
    ['BE68539007547034', true],
    ['GB82WEST12345698765432', true],
    // Check digits that do not add up.
    ['NL91ABNA0417164301', false],
    // Right check digits for a length the country does not have (NL is 18): a per-country rule.
    ['NL02ABNA04171643001', false],
    // A Dutch account number must start with four letters (the bank).
    ['NL20123404171643', false],
    ['', false],
    ['XX00', false],
  ])('IBAN %s valid: %s', (iban, valid) => {
    expect(isValidIban(iban)).toBe(valid);
  });

  it.each([
    ['ABNANL2A', true],
    ['DEUTDEFF500', true],
    ['ABNANL2', false],
    ['ABNA1L2A', false],
  ])('BIC %s valid: %s', (bic, valid) => {
    expect(isValidBic(bic)).toBe(valid);
  });

  it('normalises and formats', () => {
    expect(normaliseIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });
});
