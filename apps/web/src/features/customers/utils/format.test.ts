import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../lib/format.ts';
import { formatIban } from './format-iban.ts';

describe('formatIban', () => {
  it('groups by 4 and keeps a shorter last group', () => {
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('gb33bukb20201555555555')).toBe('GB33 BUKB 2020 1555 5555 55');
  });

  it('regroups an IBAN that already has spaces and leaves no trailing space', () => {
    expect(formatIban('NL91 ABNA 0417 1643 00 ')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91ABNA04171643')).toBe('NL91 ABNA 0417 1643');
  });
});

describe('formatBytes', () => {
  it('shows GiB below 1 TiB and TiB from there, with literal units', () => {
    expect(formatBytes(10_737_418_240, 'en')).toBe('10 GiB');
    expect(formatBytes(536_870_912_000, 'en')).toBe('500 GiB');
    expect(formatBytes(1024 ** 4 * 1.5, 'nl')).toBe('1,5 TiB');
    expect(formatBytes(1024 ** 3 * 2048, 'en')).toBe('2 TiB');
  });

  it('follows the number rules of SPEC.md §9', () => {
    expect(formatBytes(1024 ** 3 * 1020.6, 'en')).toBe('1,021 GiB');
    expect(formatBytes(1024 ** 3 * 1020.6, 'nl')).toBe('1.021 GiB');
    expect(formatBytes(1024 ** 3 * 0.25, 'nl')).toBe('0,25 GiB');
  });
});
