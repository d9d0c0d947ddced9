import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_SENTINEL,
  analyticsPreconditions,
  companyGroup,
  flagPayloads,
  identifyId,
  identifyProperties,
  isValidGroupCall,
  unhandledErrorProperties,
} from './analytics-rules.ts';

const settings = { key: 'phc_test_key', host: 'https://eu.i.posthog.com' };
const user = { id: 'a1b2', username: 'owner', name: 'Olga Owner', email: 'owner@example.com' };

describe('analytics preconditions (SPEC.md §4)', () => {
  it('hold with analytics enabled, key and host configured, a signed-in user and the user info', () => {
    expect(analyticsPreconditions({ enabled: true, settings, authenticated: true, user })).toBe(true);
  });

  it.each([
    ['disabled', { enabled: false }],
    ['not configured', { settings: null }],
    ['no key', { settings: { key: '', host: settings.host } }],
    ['no host', { settings: { key: settings.key, host: '' } }],
    ['signed out', { authenticated: false }],
    ['user info not loaded', { user: null }],
  ])('fail when %s', (_case, change) => {
    expect(analyticsPreconditions({ enabled: true, settings, authenticated: true, user, ...change })).toBe(
      false,
    );
  });
});

describe('identify (SPEC.md §5)', () => {
  it('identifies by the user id, numbers as strings', () => {
    expect(identifyId('4f6c0e1a-7b7e-4a53-9d55-2a0f3c1b9e10')).toBe('4f6c0e1a-7b7e-4a53-9d55-2a0f3c1b9e10');
    expect(identifyId(1001)).toBe('1001');
    expect(identifyId(0)).toBe('0');
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['the literal distinct_id', 'distinct_id'],
    ['the anonymous sentinel', ANONYMOUS_SENTINEL],
    ['undefined', undefined],
    ['null', null],
    ['NaN', Number.NaN],
  ])('refuses %s', (_case, id) => {
    expect(identifyId(id)).toBeUndefined();
  });

  it('sends e-mail, username and name, leaving out what is not known', () => {
    expect(identifyProperties(user)).toEqual({
      email: 'owner@example.com',
      username: 'owner',
      name: 'Olga Owner',
    });
    expect(identifyProperties({ id: 'x', username: 'viewer' })).toEqual({ username: 'viewer' });
  });
});

describe('group (SPEC.md §4, §5)', () => {
  it('groups by company with the selected customer id and name', () => {
    expect(companyGroup({ id: 1002, name: 'Northwind Logistics Ltd' })).toEqual({
      type: 'company',
      key: '1002',
      properties: { name: 'Northwind Logistics Ltd' },
    });
  });

  it("uses 'unknown' without a selected customer", () => {
    expect(companyGroup(undefined)).toEqual({ type: 'company', key: 'unknown', properties: { name: '' } });
  });

  it('needs both a type and a key', () => {
    expect(isValidGroupCall({ type: 'company', key: '1002' })).toBe(true);
    expect(isValidGroupCall({ type: '', key: '1002' })).toBe(false);
    expect(isValidGroupCall({ type: 'company', key: '' })).toBe(false);
    expect(isValidGroupCall({ type: 'company', key: ' ' })).toBe(false);
    expect(isValidGroupCall({ type: undefined, key: undefined })).toBe(false);
  });
});

describe('feature-flag payloads', () => {
  it('maps every flag to its payload, or null when it has none', () => {
    const payloads: Record<string, unknown> = { 'new-dashboard': { columns: 3 }, beta: 'yes' };
    expect(flagPayloads(['new-dashboard', 'beta', 'plain'], (flag) => payloads[flag])).toEqual({
      'new-dashboard': { columns: 3 },
      beta: 'yes',
      plain: null,
    });
    expect(flagPayloads([], () => 'never')).toEqual({});
  });
});

describe('unhandled-error event properties', () => {
  it('name what failed and where, with the message cut to 255 characters', () => {
    const error = new TypeError('x'.repeat(300));
    expect(unhandledErrorProperties(error, '/support')).toEqual({
      path: '/support',
      error_name: 'TypeError',
      error_message: 'x'.repeat(255),
    });
  });

  it('carry the status of an API error', () => {
    const error = Object.assign(new Error('Server issues'), { status: 503 });
    expect(unhandledErrorProperties(error, '/')).toMatchObject({ status_code: 503 });
    expect(unhandledErrorProperties('boom', '/')).toEqual({ path: '/', error_message: 'boom' });
  });
});
