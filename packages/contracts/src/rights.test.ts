import { describe, expect, it, vi } from 'vitest';
import {
  globalRightsForRoles,
  hasRights,
  mainCompanyId,
  RIGHTS_MESSAGES,
  rightsMapFor,
  roleRights,
  staffModeratorRights,
  staffViewerRights,
} from './rights.ts';

describe('hasRights', () => {
  const rights = { '1001': ['company-read', 'ticket-read'], global: ['crosscheck-read'] };

  it('refuses a requirement without global and customer keys, with the console message', () => {
    const log = vi.fn();
    expect(hasRights(rights, {}, 1001, log)).toBe(false);
    expect(log).toHaveBeenCalledWith('Invalid rights check, missing both global and customer keys.');
    expect(RIGHTS_MESSAGES.missingKeys).toBe('Invalid rights check, missing both global and customer keys.');
  });

  it('refuses a customer check without a customer id, with the console message', () => {
    const log = vi.fn();
    expect(hasRights(rights, { customer: ['company-read'] }, undefined, log)).toBe(false);
    expect(hasRights(rights, { customer: ['company-read'] }, null, log)).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('Could not determine customer id');
  });

  it('checks customer rights against the chosen customer only', () => {
    const log = vi.fn();
    expect(hasRights(rights, { customer: ['company-read'] }, 1001, log)).toBe(true);
    expect(hasRights(rights, { customer: ['company-read'] }, '1001', log)).toBe(true);
    expect(hasRights(rights, { customer: ['company-read'] }, 1002, log)).toBe(false);
    expect(hasRights(rights, { customer: ['company-read', 'company-edit'] }, 1001, log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('requires every global right', () => {
    expect(hasRights(rights, { global: ['crosscheck-read'] })).toBe(true);
    expect(hasRights(rights, { global: ['crosscheck-read', 'crosscheck-export'] })).toBe(false);
    expect(hasRights({ '1': ['crosscheck-read'] }, { global: ['crosscheck-read'] })).toBe(false);
  });

  it('supports anyOf', () => {
    const financial = { '7': ['subscription-read'] };
    expect(hasRights(financial, { customer: { anyOf: ['invoice-read', 'subscription-read'] } }, 7)).toBe(
      true,
    );
    expect(hasRights(financial, { customer: { anyOf: ['invoice-read', 'infra-read'] } }, 7)).toBe(false);
  });

  it('lets global rights count for every customer', () => {
    const staff = { global: ['company-read'] };
    expect(hasRights(staff, { customer: ['company-read'] }, 4242)).toBe(true);
    expect(hasRights(staff, { customer: ['company-edit'] }, 4242)).toBe(false);
  });

  it('requires both parts when both are named', () => {
    expect(hasRights(rights, { global: ['crosscheck-read'], customer: ['ticket-read'] }, 1001)).toBe(true);
    expect(hasRights(rights, { global: ['crosscheck-read'], customer: ['ticket-edit'] }, 1001)).toBe(false);
  });
});

describe('mainCompanyId', () => {
  it('picks the company with the most rights', () => {
    expect(mainCompanyId({ '1002': ['a', 'b', 'c'], '1003': ['a'] })).toBe(1002);
  });
  it('counts global as company 1', () => {
    expect(mainCompanyId({ global: ['a', 'b', 'c'], '1003': ['a'] })).toBe(1);
    expect(mainCompanyId({ global: ['a'], '1003': ['a', 'b'] })).toBe(1003);
  });
  it('breaks ties by the lowest id and is undefined without rights', () => {
    expect(mainCompanyId({ '20': ['a'], '10': ['b'] })).toBe(10);
    expect(mainCompanyId({})).toBeUndefined();
    expect(mainCompanyId({ '5': [] })).toBeUndefined();
  });
});

describe('role → rights table (DESIGN.md §2)', () => {
  const has = (role: keyof typeof roleRights, right: string) =>
    (roleRights[role] as readonly string[]).includes(right);

  it('matches the table exactly', () => {
    expect(roleRights).toEqual({
      owner: [
        'company-read',
        'company-edit',
        'billing-edit',
        'contact-read',
        'contact-edit',
        'contact-admin',
        'user-admin',
        'ticket-read',
        'ticket-edit',
        'ticket-read-all',
        'invoice-read',
        'subscription-read',
        'subscription-edit',
        'infra-read',
        'trend-read',
        'uptime-read',
        'usage-report-read',
        'usage-read',
      ],
      financial_moderator: [
        'company-read',
        'billing-edit',
        'contact-read',
        'ticket-read',
        'ticket-edit',
        'invoice-read',
        'subscription-read',
        'subscription-edit',
        'uptime-read',
        'usage-report-read',
        'usage-read',
      ],
      financial_viewer: [
        'company-read',
        'contact-read',
        'ticket-read',
        'ticket-edit',
        'invoice-read',
        'subscription-read',
        'uptime-read',
        'usage-report-read',
      ],
      technical_viewer: [
        'company-read',
        'contact-read',
        'ticket-read',
        'ticket-edit',
        'infra-read',
        'trend-read',
        'uptime-read',
        'usage-report-read',
        'usage-read',
      ],
      viewer: ['company-read', 'contact-read', 'ticket-read', 'ticket-edit', 'ticket-read-all'],
    });
  });

  it('gives ticket-read-all to owner and viewer only', () => {
    expect(
      Object.keys(roleRights).filter((role) => has(role as keyof typeof roleRights, 'ticket-read-all')),
    ).toEqual(['owner', 'viewer']);
  });

  it('maps staff roles with the configured prefix', () => {
    expect(globalRightsForRoles(['acme_viewer'], 'acme')).toEqual(staffViewerRights);
    expect(globalRightsForRoles(['acme_viewer', 'acme_moderator'], 'acme')).toEqual(staffModeratorRights);
    expect(globalRightsForRoles(['provider_moderator'], 'acme')).toEqual([]);
    expect(staffViewerRights).toContain('crosscheck-read');
    expect(staffViewerRights).not.toContain('company-edit');
    expect(staffModeratorRights).toEqual(
      expect.arrayContaining(['company-edit', 'customer-create', 'mailing-send']),
    );
    expect(staffViewerRights.every((right) => right.endsWith('-read') || right === 'ticket-read-all')).toBe(
      true,
    );
  });

  it('builds the rights map from memberships and global rights', () => {
    const map = rightsMapFor(
      [
        { customerId: 1002, role: 'owner' },
        { customerId: 1003, role: 'viewer' },
      ],
      ['crosscheck-read'],
    );
    expect(Object.keys(map).sort()).toEqual(['1002', '1003', 'global']);
    expect(map['1003']).toEqual(roleRights.viewer);
    expect(rightsMapFor([], [])).toEqual({});
  });
});
