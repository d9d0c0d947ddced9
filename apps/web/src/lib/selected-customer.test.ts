import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadSelectedCustomer,
  resetSelectedCustomer,
  SELECTED_CUSTOMER_KEYS,
  startupSelectedCustomer,
  storeSelectedCustomer,
} from './selected-customer.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('selected customer', () => {
  it('stores id and name under selected_customer_id and selected_customer_name', () => {
    storeSelectedCustomer({ id: 1002, name: 'Northwind' }, storage);
    expect(storage.getItem('selected_customer_id')).toBe('1002');
    expect(storage.getItem('selected_customer_name')).toBe('Northwind');
    expect(SELECTED_CUSTOMER_KEYS).toEqual({ id: 'selected_customer_id', name: 'selected_customer_name' });
    expect(loadSelectedCustomer(storage)).toEqual({ id: 1002, name: 'Northwind' });
  });

  it('ignores garbage in storage', () => {
    storage.setItem('selected_customer_id', 'abc');
    expect(loadSelectedCustomer(storage)).toBeUndefined();
  });

  it('resets to the main company and fetches its display name', async () => {
    const fetchName = vi.fn(async (id: number) => `Company ${id}`);
    expect(await resetSelectedCustomer(1001, fetchName, storage)).toEqual({ id: 1001, name: 'Company 1001' });
    expect(fetchName).toHaveBeenCalledWith(1001);
    expect(loadSelectedCustomer(storage)).toEqual({ id: 1001, name: 'Company 1001' });
  });

  it('clears the selection when the user has no main company', async () => {
    storeSelectedCustomer({ id: 5, name: 'x' }, storage);
    expect(await resetSelectedCustomer(undefined, async () => '', storage)).toBeUndefined();
    expect(loadSelectedCustomer(storage)).toBeUndefined();
  });

  it('keeps a usable stored customer at start-up and resets an unusable one', async () => {
    const fetchName = vi.fn(async () => 'Main');
    storeSelectedCustomer({ id: 1003, name: 'Van Dijk' }, storage);
    const kept = await startupSelectedCustomer({
      mainCompanyId: 1002,
      canUse: () => true,
      fetchName,
      storage,
    });
    expect(kept).toEqual({ id: 1003, name: 'Van Dijk' });
    expect(fetchName).not.toHaveBeenCalled();
    const reset = await startupSelectedCustomer({
      mainCompanyId: 1002,
      canUse: () => false,
      fetchName,
      storage,
    });
    expect(reset).toEqual({ id: 1002, name: 'Main' });
  });

  it('resets in an administrative-console build when the saved customer differs from the main company', async () => {
    storeSelectedCustomer({ id: 1003, name: 'Van Dijk' }, storage);
    const result = await startupSelectedCustomer({
      mainCompanyId: 1,
      canUse: () => true,
      fetchName: async () => 'Portaal Hosting B.V.',
      adminConsole: true,
      storage,
    });
    expect(result).toEqual({ id: 1, name: 'Portaal Hosting B.V.' });
    expect(storage.getItem('selected_customer_id')).toBe('1');
  });
});
