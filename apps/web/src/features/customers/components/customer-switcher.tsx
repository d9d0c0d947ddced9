import { ActionIcon, type ComboboxItem, Group, Select, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { RightsRequirement } from '@portaal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMatches, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsStaff, useSelectedCustomer, useSession } from '../../../app/session.ts';
import { StrokeIcon } from '../../../components/icon/stroke-icon.tsx';
import { CUSTOMER_LIST_LIMIT, customersQueries } from '../api/customers-queries.ts';

/** A circular arrow: try again; the button's name says it. */
const RETRY_ICON = ['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5'];

/** Searchable from this many customers on. */
const SEARCHABLE_FROM = 8;
/** SPEC.md §7: a search needs at least 3 characters. */
const SEARCH_MIN = 3;

/**
 * Screens of one object of the selected customer: switching customers opens their list, where the
 * other customer's ticket or invoice would only be "not found". Kept here rather than in the routes'
 * staticData, which the start's route tree carries (its weight is at the budget's limit).
 */
type ObjectList =
  | '/support'
  | '/administration/invoices'
  | '/administration/contracts'
  | '/sla-usage/reports';
const LIST_ON_SWITCH: Partial<Record<string, ObjectList>> = {
  '/_app/support/ticket/$id': '/support',
  '/_app/administration/invoices/$id': '/administration/invoices',
  '/_app/administration/contracts/$id': '/administration/contracts',
  '/_app/sla-usage/reports/$displayId': '/sla-usage/reports',
};

/**
 * Chooses the selected customer (SPEC.md §4). Shown when the user has several customers; switching
 * keeps the user on the same screen when the new customer allows it (a screen of one object: its
 * list, LIST_ON_SWITCH), otherwise goes home.
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
  // More customers than one page (staff see every customer): what is typed is searched by the API,
  // which also finds a customer by its id or a link, and the first page shows until then.
  const capped = (customers.data?.length ?? 0) >= CUSTOMER_LIST_LIMIT;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const searching = capped && query.length >= SEARCH_MIN && query !== selected?.name;
  const found = useQuery({
    ...customersQueries.list(session.api, query),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const matches = useMatches();
  const navigate = useNavigate();
  const router = useRouter();
  const staff = useIsStaff();

  // The list could not be loaded (the API is down at the start): the customer the pages show stays
  // named, with a retry, where the switcher would otherwise vanish without a word. Only for users
  // who would have a choice: staff, or rights on more than one customer.
  if (customers.isLoadingError && selected && (staff || rightsOnSeveral(session))) {
    return (
      <Group gap={4} wrap="nowrap" maw={280} miw={0} data-testid="customer-switcher-failed">
        <Text size="sm" truncate title={selected.name}>
          <VisuallyHidden>{t('header.customer')}: </VisuallyHidden>
          {selected.name}
        </Text>
        <Tooltip label={t('header.customersFailed')} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('header.customersFailed')}
            loading={customers.isFetching}
            onClick={() => void customers.refetch()}
          >
            <StrokeIcon paths={RETRY_ICON} size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  const shown = (searching ? found.data : undefined) ?? customers.data ?? [];
  const options: ComboboxItem[] = shown.map((customer) => ({
    value: String(customer.customer_id),
    label: customer.display_name,
  }));
  // The selected customer keeps its name in the field when it is not on the page shown.
  if (selected && !options.some((option) => option.value === String(selected.id)))
    options.unshift({ value: String(selected.id), label: selected.name });
  if (options.length < 2) return null;

  const onChange = (value: string | null) => {
    const customer = [...(found.data ?? []), ...(customers.data ?? [])].find(
      (item) => String(item.customer_id) === value,
    );
    if (!customer || customer.customer_id === selected?.id) return;
    session.selectCustomer({ id: customer.customer_id, name: customer.display_name });
    if (onSwitched) return onSwitched({ id: customer.customer_id, name: customer.display_name });
    const leaf = matches.at(-1);
    const requirement = leaf?.staticData?.requirement as 'login' | RightsRequirement | undefined;
    const list = leaf ? LIST_ON_SWITCH[leaf.routeId] : undefined;
    const allowed = !requirement || requirement === 'login' || session.can(requirement, customer.customer_id);
    if (!allowed) {
      void navigate({ to: '/' });
    } else if (list) {
      void navigate({ to: list });
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
      searchValue={search}
      onSearchChange={setSearch}
      // The API has already searched (by name, id or link): its answers are shown as they are.
      filter={capped && searching ? ({ options: all }) => all : undefined}
      allowDeselect={false}
      placeholder={t('select.placeholder')}
      nothingFoundMessage={t('select.noResults', { query: '' })}
      maw={280}
      w="100%"
      // A long name (staff see "Portaal Hosting B.V." on a 390 px phone) ends in an ellipsis rather
      // than being cut off; the full name stays in the title (hover) and in the field's value.
      title={selected?.name}
      styles={{ input: { textOverflow: 'ellipsis' } }}
      data-testid="customer-switcher"
    />
  );
}

/** Whether the user's rights name more than one customer (else there is nothing to switch to). */
function rightsOnSeveral(session: ReturnType<typeof useSession>): boolean {
  const rights = session.auth.getState().userInfo?.rights ?? {};
  return Object.keys(rights).filter((key) => key !== 'global').length > 1;
}
