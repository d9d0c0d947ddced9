import { describe, expect, it } from 'vitest';
import {
  cocNumberProblem,
  DUTCH_POSTCODE_MESSAGE,
  isKvkNumber,
  KVK_NUMBER_MESSAGE,
  normaliseDutchPostcode,
  postcodeProblem,
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
