import { describe, expect, it } from 'vitest';
import {
  cocNumberProblem,
  companyCountry,
  DUTCH_POSTCODE_MESSAGE,
  DUTCH_VAT_NUMBER_MESSAGE,
  isKvkNumber,
  KVK_NUMBER_MESSAGE,
  normaliseDutchPostcode,
  postcodeProblem,
  vatCountry,
  vatNumberProblem,
  withNormalisedPostcode,
} from './dutch-rules.ts';

describe('Dutch postcodes', () => {
  it.each([
    ['1234 AB', '1234 AB'],
    ['1234AB', '1234 AB'],
    ['1234ab', '1234 AB'],
    [' 3526 ks ', '3526 KS'],
  ])('accepts %j as %j', (typed, stored) => {
    expect(normaliseDutchPostcode(typed)).toBe(stored);
  });

  it.each(['zzz', '1234', '123 AB', '0123 AB', '1234 A', '1234  AB', '1234 ABC', '12345', 'AB 1234'])(
    'refuses %j',
    (typed) => {
      expect(normaliseDutchPostcode(typed)).toBeUndefined();
      expect(postcodeProblem(typed, 'NL')).toBe(DUTCH_POSTCODE_MESSAGE);
      expect(postcodeProblem(typed, 'nl')).toBe(DUTCH_POSTCODE_MESSAGE);
    },
  );

  it('leaves the postcodes of other countries to their general rule', () => {
    expect(postcodeProblem('zzz', 'BE')).toBeUndefined();
    expect(postcodeProblem('SW1A 1AA', 'GB')).toBeUndefined();
    expect(withNormalisedPostcode({ postal_code: 'sw1a 1aa', country: 'GB' }).postal_code).toBe('sw1a 1aa');
    expect(withNormalisedPostcode({ postal_code: '1234ab', country: 'NL' }).postal_code).toBe('1234 AB');
  });
});

describe('KvK numbers', () => {
  it('takes exactly 8 digits', () => {
    expect(isKvkNumber('12345678')).toBe(true);
    for (const typed of ['12', '1234567', '123456789', '1234567a', '1234 5678', 'AB-12']) {
      expect(isKvkNumber(typed), typed).toBe(false);
      expect(cocNumberProblem(typed, 'NL'), typed).toBe(KVK_NUMBER_MESSAGE);
    }
  });

  it('applies to the Netherlands only, and an empty number is no number', () => {
    expect(cocNumberProblem('12', 'GB')).toBeUndefined();
    expect(cocNumberProblem('12', null)).toBeUndefined();
    expect(cocNumberProblem('', 'NL')).toBeUndefined();
    expect(cocNumberProblem(null, 'NL')).toBeUndefined();
  });
});

describe('VAT numbers', () => {
  it('holds a number starting with NL to NL, 9 digits, B and 2 digits', () => {
    for (const typed of ['NL123456789B01', 'nl123456789b01', 'NL 1234.56.789.B01', ' NL123456789B99 ']) {
      expect(vatNumberProblem(typed), typed).toBeUndefined();
    }
    for (const typed of ['NL123', 'NL123456789', 'NL12345678B01', 'NL123456789B1', 'NL123456789X01']) {
      expect(vatNumberProblem(typed), typed).toBe(DUTCH_VAT_NUMBER_MESSAGE);
    }
  });

  it("leaves other countries' numbers to the general rule, and an empty number is no number", () => {
    for (const typed of ['DE123456789', 'BE0123456789', 'EL123456789', '', null, undefined]) {
      expect(vatNumberProblem(typed), String(typed)).toBeUndefined();
    }
  });

  it('names its country by its prefix', () => {
    expect(vatCountry('DE123456789')).toBe('DE');
    expect(vatCountry('nl 123456789B01')).toBe('NL');
    expect(vatCountry('123')).toBeUndefined();
    expect(vatCountry(null)).toBeUndefined();
  });
});

describe("a new customer's country", () => {
  it("is its address's, else its VAT number's, else the Netherlands", () => {
    expect(companyCountry('GB', 'NL123456789B01')).toBe('GB');
    expect(companyCountry(undefined, 'DE123456789')).toBe('DE');
    expect(companyCountry(null, null)).toBe('NL');
    expect(companyCountry('', '')).toBe('NL');
    // So the KvK rule holds a company without an address too, unless its VAT number is foreign.
    expect(cocNumberProblem('12ab', companyCountry(null, null))).toBe(KVK_NUMBER_MESSAGE);
    expect(cocNumberProblem('HRB 12345', companyCountry(null, 'DE123456789'))).toBeUndefined();
  });
});
