import { hasRights, type RightsRequirement } from '@portaal/contracts/rights';
import { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { type ApiClient, ApiError, createApiClient, dataOf, shouldRetry } from '../lib/api-client.ts';
import { type Auth, createAuth, type OidcConfig } from '../lib/auth/auth.ts';
import {
  resetSelectedCustomer,
  type SelectedCustomer,
  startupSelectedCustomer,
  storeSelectedCustomer,
} from '../lib/selected-customer.ts';
import { keepHomeHint } from './home-hint.ts';

export interface ClientConfig {
  brand_name: string;
  oidc: { url: string; realm: string; client_id: string };
  password_change: 'portal' | 'idp';
  /** PostHog key and host; null when analytics are off. */
  analytics: { posthog_key: string; posthog_host: string } | null;
  /** The build index.html belongs to (set when the API served the page; builds/latest.json has the newest). */
  build_id?: string | null;
}

/** A tiny observable value for React's useSyncExternalStore. */
export function observable<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const TEST_MODE = import.meta.env.VITE_TEST_MODE === 'true';
export const ADMIN_CONSOLE = import.meta.env.VITE_ADMIN_CONSOLE === 'true';

async function fetchCustomerName(api: ApiClient, id: number): Promise<string> {
  const customer = await dataOf(
    api.GET('/api/v2/customer/{customer_id}', { params: { path: { customer_id: id } } }),
  );
  return customer.display_name;
}

/** Everything the screens share: configuration, auth, the API client, the selected customer. */
export function createSession(config: ClientConfig) {
  const oidc: OidcConfig = {
    url: config.oidc.url,
    realm: config.oidc.realm,
    clientId: config.oidc.client_id,
  };
  const auth: Auth = createAuth(oidc);
  const api = createApiClient({ getToken: () => auth.getToken() });
  const selected = observable<SelectedCustomer | undefined>(undefined);
  keepHomeHint(auth, selected);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The API client already retries once on transient statuses; never retry 4xx here.
        retry: (count, error) =>
          count < 1 && error instanceof ApiError && shouldRetry('GET', error.status, 0),
        refetchOnWindowFocus: false,
      },
    },
  });

  const fetchName = (id: number) => fetchCustomerName(api, id);

  const rights = () => auth.getState().userInfo?.rights ?? {};

  const session = {
    config,
    oidc,
    auth,
    api,
    queryClient,
    selected,
    /** The rights check of SPEC.md §5 against the selected (or given) customer. */
    can(requirement: RightsRequirement, customerId?: number) {
      return hasRights(rights(), requirement, customerId ?? selected.get()?.id, () => {});
    },
    async startSelectedCustomer() {
      const userInfo = auth.getState().userInfo;
      if (!userInfo) return;
      const canUse = (id: number) => hasRights(rights(), { customer: ['company-read'] }, id, () => {});
      selected.set(
        await startupSelectedCustomer({
          mainCompanyId: userInfo.mainCompanyId,
          canUse,
          fetchName,
          adminConsole: ADMIN_CONSOLE,
        }),
      );
    },
    selectCustomer(customer: SelectedCustomer) {
      storeSelectedCustomer(customer);
      selected.set(customer);
    },
    async resetCustomer() {
      selected.set(await resetSelectedCustomer(auth.getState().userInfo?.mainCompanyId, fetchName));
    },
    /** selectCustomerById on this session: the route guard needs it without importing this module. */
    selectById: (id: number): Promise<void> => selectCustomerById(session, id),
  };
  return session;
}
export type Session = ReturnType<typeof createSession>;

/** Selects a customer known only by id (a notification's, a mail link's), fetching its name for the switcher. */
export async function selectCustomerById(
  session: Pick<Session, 'api' | 'selected' | 'selectCustomer'>,
  id: number,
): Promise<void> {
  if (session.selected.get()?.id === id) return;
  // The name only labels the switcher; what the user asked for is the customer's page.
  const name = await fetchCustomerName(session.api, id).catch(() => '');
  session.selectCustomer({ id, name });
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}

/**
 * Whether the user is provider staff: global rights come only from the provider's staff roles
 * (contracts' globalRightsForRoles), and each of those reads every company.
 */
export function useIsStaff(): boolean {
  return useSession().can({ global: ['company-read'] });
}

export function useAuthState() {
  const { auth } = useSession();
  return useSyncExternalStore(auth.subscribe, auth.getState);
}

export function useSelectedCustomer() {
  const { selected } = useSession();
  return useSyncExternalStore(selected.subscribe, selected.get);
}
