/** The selected customer of SPEC.md §4, kept in browser storage. */
export const SELECTED_CUSTOMER_KEYS = { id: 'selected_customer_id', name: 'selected_customer_name' } as const;

export interface SelectedCustomer {
  id: number;
  name: string;
}

export function loadSelectedCustomer(storage: Storage = localStorage): SelectedCustomer | undefined {
  const id = Number(storage.getItem(SELECTED_CUSTOMER_KEYS.id));
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return { id, name: storage.getItem(SELECTED_CUSTOMER_KEYS.name) ?? '' };
}

export function storeSelectedCustomer(customer: SelectedCustomer, storage: Storage = localStorage): void {
  storage.setItem(SELECTED_CUSTOMER_KEYS.id, String(customer.id));
  storage.setItem(SELECTED_CUSTOMER_KEYS.name, customer.name);
}

/** Reset: back to the user's main company, with its display name fetched. */
export async function resetSelectedCustomer(
  mainCompanyId: number | undefined,
  fetchName: (id: number) => Promise<string>,
  storage: Storage = localStorage,
): Promise<SelectedCustomer | undefined> {
  if (mainCompanyId === undefined) {
    storage.removeItem(SELECTED_CUSTOMER_KEYS.id);
    storage.removeItem(SELECTED_CUSTOMER_KEYS.name);
    return undefined;
  }
  const name = await fetchName(mainCompanyId).catch(() => '');
  const customer = { id: mainCompanyId, name };
  storeSelectedCustomer(customer, storage);
  return customer;
}

/**
 * Start-up: the stored customer when the user may still use it; otherwise (or, in an administrative-
 * console build, whenever it differs from the main company) a reset to the main company, stored.
 */
export async function startupSelectedCustomer(options: {
  mainCompanyId: number | undefined;
  canUse: (id: number) => boolean;
  fetchName: (id: number) => Promise<string>;
  adminConsole?: boolean;
  storage?: Storage;
}): Promise<SelectedCustomer | undefined> {
  const storage = options.storage ?? localStorage;
  const saved = loadSelectedCustomer(storage);
  const keep =
    saved !== undefined &&
    options.canUse(saved.id) &&
    !(options.adminConsole && saved.id !== options.mainCompanyId);
  if (keep) return saved;
  return resetSelectedCustomer(options.mainCompanyId, options.fetchName, storage);
}
