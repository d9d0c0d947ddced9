import { describe, expect, it } from 'vitest';
import { staffRole } from './roles.ts';

describe('staffRole', () => {
  it('recognises staff roles under any prefix', () => {
    expect(staffRole('provider_moderator')).toBe('provider_moderator');
    expect(staffRole('provider_viewer')).toBe('provider_viewer');
    expect(staffRole('acme2_viewer')).toBe('provider_viewer');
  });

  it('does not take customer roles or other client roles for staff roles', () => {
    expect(staffRole('financial_viewer')).toBeUndefined();
    expect(staffRole('technical_viewer')).toBeUndefined();
    expect(staffRole('owner')).toBeUndefined();
    expect(staffRole('offline_access')).toBeUndefined();
    expect(staffRole('Provider_viewer')).toBeUndefined();
  });
});
