// @vitest-environment jsdom
import { homeFromCookie } from '@portaal/contracts/first-screen';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../lib/auth/user-info.ts';
import type { SelectedCustomer } from '../lib/selected-customer.ts';
import { homeHeading } from './home-heading.ts';
import { keepHomeHint } from './home-hint.ts';
import { observable } from './session.ts';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'portaal_home=; max-age=0; path=/';
});

const user = (fields: Partial<UserInfo> = {}): UserInfo => ({
  id: 'u1',
  username: 'sanne',
  flattened_roles: [],
  roles: {},
  groups: [],
  rights: {},
  ...fields,
});

describe('the home hint', () => {
  it('greets by given name, else username, and names the selected customer, else its id', () => {
    expect(homeHeading(user({ givenName: 'Sanne' }), { id: 1001, name: 'Jansen BV' })).toEqual({
      name: 'Sanne',
      customer: 'Jansen BV',
    });
    expect(homeHeading(user({ givenName: '' }), { id: 1001, name: '' })).toEqual({
      name: 'sanne',
      customer: '1001',
    });
    expect(homeHeading(user(), undefined)).toEqual({ name: 'sanne' });
  });

  it('keeps the cookie at the names the page greets with, from sign-in on', () => {
    const auth = observable<{ userInfo: UserInfo | null }>({ userInfo: null });
    const selected = observable<SelectedCustomer | undefined>(undefined);
    const writes: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie?.get?.call(document),
      set: (value: string) => {
        writes.push(value.split(';')[0] ?? '');
        cookie?.set?.call(document, value);
      },
    });
    try {
      keepHomeHint({ getState: auth.get, subscribe: auth.subscribe }, selected);
      // Signed out: nothing is written.
      selected.set({ id: 1001, name: 'Jansen BV' });
      expect(homeFromCookie(document.cookie)).toBeUndefined();
      auth.set({ userInfo: user({ givenName: 'Sanne' }) });
      expect(homeFromCookie(document.cookie)).toEqual({ name: 'Sanne', customer: 'Jansen BV' });
      // A token refresh with the same names writes nothing again.
      auth.set({ userInfo: user({ givenName: 'Sanne' }) });
      selected.set({ id: 1002, name: 'De Vries & Co' });
      expect(homeFromCookie(document.cookie)).toEqual({ name: 'Sanne', customer: 'De Vries & Co' });
      // A name that cannot be percent-encoded removes it: the first screen then shows no greeting.
      selected.set({ id: 1003, name: 'Bedrijf \ud800' });
      expect(homeFromCookie(document.cookie)).toBeUndefined();
      expect(writes).toEqual([
        'portaal_home=Sanne|Jansen%20BV',
        'portaal_home=Sanne|De%20Vries%20%26%20Co',
        'portaal_home=',
      ]);
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
  });
});
