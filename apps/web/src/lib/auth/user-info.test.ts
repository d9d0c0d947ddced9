import { describe, expect, it } from 'vitest';
import { toUserInfo } from './user-info.ts';

describe('user info (SPEC.md §3)', () => {
  it('flattens client roles, keeps roles per client and computes the main company', () => {
    const info = toUserInfo({
      sub: 'u1',
      preferred_username: 'multi',
      given_name: 'Oliver',
      family_name: 'Hughes',
      name: 'Oliver Hughes',
      email: 'oliver@example.test',
      email_verified: true,
      groups: ['/customers'],
      rights: { '1002': ['company-read', 'company-edit'], '1003': ['company-read'] },
      resource_access: { 'portaal-web': { roles: ['a', 'b'] }, other: { roles: ['b', 'c'] } },
    });
    expect(info).toMatchObject({ id: 'u1', username: 'multi', givenName: 'Oliver', email_verified: true });
    expect(info.flattened_roles).toEqual(['a', 'b', 'c']);
    expect(info.roles).toEqual({ 'portaal-web': ['a', 'b'], other: ['b', 'c'] });
    expect(info.mainCompanyId).toBe(1002);
  });

  it('defaults rights to empty and counts global as company 1', () => {
    expect(toUserInfo({ sub: 'x' }).rights).toEqual({});
    expect(toUserInfo({ sub: 'x' }).mainCompanyId).toBeUndefined();
    expect(toUserInfo({ sub: 's', rights: { global: ['company-read'] } }).mainCompanyId).toBe(1);
  });

  it('takes client roles from the access token when userinfo has none', () => {
    const info = toUserInfo(
      { sub: 's' },
      { resource_access: { 'portaal-web': { roles: ['provider_viewer'] } } },
    );
    expect(info.flattened_roles).toEqual(['provider_viewer']);
  });
});
