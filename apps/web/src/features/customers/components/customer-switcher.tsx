import { Select } from '@mantine/core';
import type { RightsRequirement } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useNavigate, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { customersQueries } from '../api/customers-queries.ts';

/** Searchable from this many customers on. */
const SEARCHABLE_FROM = 8;

/**
 * Chooses the selected customer (SPEC.md §4). Shown when the user has several customers; switching
 * keeps the user on the same screen when the new customer allows it, otherwise goes home.
 */
export function CustomerSwitcher({
  onSwitched,
}: {
  /** Instead of staying on the screen or going home: what to do once the customer is selected. */
  onSwitched?: (customer: { id: number; name: string }) => void;
} = {}) {
  const { t } = useTranslation('global');
  const session = useSession();
  const selected = useSelectedCustomer();
  const customers = useQuery(customersQueries.list(session.api));
  const matches = useMatches();
  const navigate = useNavigate();
  const router = useRouter();

  const options = (customers.data ?? []).map((customer) => ({
    value: String(customer.customer_id),
    label: customer.display_name,
  }));
  if (options.length < 2) return null;

  const onChange = (value: string | null) => {
    const customer = customers.data?.find((item) => String(item.customer_id) === value);
    if (!customer || customer.customer_id === selected?.id) return;
    session.selectCustomer({ id: customer.customer_id, name: customer.display_name });
    if (onSwitched) return onSwitched({ id: customer.customer_id, name: customer.display_name });
    const leaf = matches.at(-1);
    const requirement = leaf?.staticData?.requirement as 'login' | RightsRequirement | undefined;
    const allowed = !requirement || requirement === 'login' || session.can(requirement, customer.customer_id);
    if (!allowed) {
      void navigate({ to: '/' });
    } else if (leaf?.routeId.includes('$customerId')) {
      void navigate({ to: '/company/{-$customerId}', params: { customerId: String(customer.customer_id) } });
    } else {
      void router.invalidate();
    }
  };

  return (
    <Select
      aria-label={t('header.customer')}
      data={options}
      value={selected ? String(selected.id) : null}
      onChange={onChange}
      searchable={options.length >= SEARCHABLE_FROM}
      allowDeselect={false}
      placeholder={t('select.placeholder')}
      nothingFoundMessage={t('select.noResults', { query: '' })}
      maw={280}
      w="100%"
      data-testid="customer-switcher"
    />
  );
}
