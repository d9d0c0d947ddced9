import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Customer } from '@portaal/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSession } from '../../../app/session.ts';
import { toast } from '../../../components/feedback/toast.tsx';
import { FilterBar, PagedList } from '../../../components/list-shell/list-shell.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { ACCOUNTING_LINK, adminCustomersQueries } from '../api/admin-customers-queries.ts';
import { type AdminCustomersSearch, MIN_SEARCH_LENGTH } from '../utils/admin-customers-search.ts';
import classes from './admin-customers.module.css';
import { StatusBadge } from './company-data-section.tsx';
import { NewCustomerForm } from './new-customer-form.tsx';

const WIDE_LIST_QUERY = '(min-width: 62em)';

/** /admin/customers (staff): every customer, searchable; moderators create customers here. */
export function AdminCustomersPage({
  search,
  onSearchChange,
}: {
  search: AdminCustomersSearch;
  onSearchChange: (search: AdminCustomersSearch) => void;
}) {
  const { t } = useTranslation('default');
  const session = useSession();
  const canCreate = session.can(access.customerCreate);
  const [creating, setCreating] = useState(false);
  const searchable = (value: string) => value.trim().length === 0 || value.trim().length >= MIN_SEARCH_LENGTH;
  const { text, inputProps } = useSearchText(search.q ?? '', (q) => onSearchChange({ q: q || undefined }), {
    accepts: searchable,
  });
  const tooShort = !searchable(text);
  const open = useOpenCustomer();
  // On a phone the form takes the whole screen: a dialog's margins would leave no room for it.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('adminCustomers.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('adminCustomers.intro')}
          </Text>
        </div>
        {canCreate && (
          <Button onClick={() => setCreating(true)} data-testid="new-customer">
            {t('adminCustomers.new')}
          </Button>
        )}
      </Group>
      <FilterBar align="flex-start">
        <TextInput
          label={t('adminCustomers.search')}
          description={t('adminCustomers.searchHint')}
          placeholder={t('adminCustomers.searchPlaceholder')}
          {...inputProps}
          maxLength={100}
          type="search"
          error={tooShort ? t('administration.searchTooShort') : undefined}
          style={{ flex: '1 1 18rem' }}
        />
      </FilterBar>
      <CustomerResults
        search={search.q ?? ''}
        onOpen={open}
        agreements={session.can(access.adminAgreements)}
      />
      {canCreate && (
        <Modal
          opened={creating}
          onClose={() => setCreating(false)}
          title={t('adminCustomers.new')}
          size="lg"
          fullScreen={phone}
        >
          <NewCustomerForm
            onCancel={() => setCreating(false)}
            onCreated={(customer) => {
              setCreating(false);
              // The list shows the new customer: it is found by its id.
              onSearchChange({ q: String(customer.customer_id) });
              toast({
                title: t('adminCustomers.created'),
                description: t('adminCustomers.createdText', {
                  name: customer.display_name,
                  id: customer.customer_id,
                }),
                actions: [{ label: t('adminCustomers.open'), onClick: () => open(customer) }],
              });
            }}
          />
        </Modal>
      )}
    </Stack>
  );
}

/** Selects the customer (as the switcher would) and opens its company page. */
function useOpenCustomer() {
  const session = useSession();
  const navigate = useNavigate();
  return (customer: Pick<Customer, 'customer_id' | 'display_name'>) => {
    session.selectCustomer({ id: customer.customer_id, name: customer.display_name });
    void navigate({ to: '/company/{-$customerId}', params: { customerId: String(customer.customer_id) } });
  };
}

const accountingIds = (customer: Customer) =>
  customer.links
    .filter((link) => link.type === ACCOUNTING_LINK)
    .map((link) => link.identifier)
    .join(', ');

function CustomerResults({
  search,
  onOpen,
  agreements,
}: {
  search: string;
  onOpen: (customer: Customer) => void;
  /** The caller holds agreement-read: each customer links to its usage agreement. */
  agreements: boolean;
}) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const query = useInfiniteQuery({
    ...adminCustomersQueries.list(api, search),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  return (
    <PagedList
      id="admin-customers-list-title"
      title={t('adminCustomers.listTitle')}
      query={query}
      count={items.length}
      shown={t('administration.shown', { count: items.length })}
      empty={{
        title: search ? t('adminCustomers.noMatchTitle') : t('adminCustomers.emptyTitle'),
        text: search ? t('adminCustomers.noMatchText') : t('adminCustomers.emptyText'),
        testId: 'admin-customers-empty',
      }}
      loadMoreLabel={t('administration.loadMore')}
      loadingLines={6}
    >
      {wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" data-testid="admin-customers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminCustomers.fields.name')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.customerId')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.accountingId')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.coc')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.city')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.status')}</Table.Th>
                <Table.Th scope="col">{t('adminCustomers.fields.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((customer) => (
                <Table.Tr key={customer.customer_id} data-testid="admin-customer-row">
                  <Table.Td>
                    <OpenLink customer={customer} onOpen={onOpen} />
                    {/* Under the name rather than in a column of its own: the table keeps its widths. */}
                    {agreements && (
                      <Text size="sm" mt={2}>
                        <AgreementLink customer={customer} />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.number}>{customer.customer_id}</Table.Td>
                  <Table.Td className={classes.number} data-user-content>
                    {accountingIds(customer) || <None />}
                  </Table.Td>
                  <Table.Td className={classes.number} data-user-content>
                    {customer.coc_number || <None />}
                  </Table.Td>
                  <Table.Td data-user-content>{mainCity(customer) || <None />}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={customer.status} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(customer.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <ul className={classes.cards} data-testid="admin-customers-cards">
          {items.map((customer) => (
            <Card
              key={customer.customer_id}
              component="li"
              withBorder
              padding="sm"
              data-testid="admin-customer-row"
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <OpenLink customer={customer} onOpen={onOpen} />
                  <span className={classes.badge}>
                    <StatusBadge status={customer.status} />
                  </span>
                </Group>
                <Text size="sm" c="dimmed" data-user-content>
                  {[
                    t('adminCustomers.idLine', { id: customer.customer_id }),
                    accountingIds(customer),
                    mainCity(customer),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {agreements && <AgreementLink customer={customer} />}
              </Stack>
            </Card>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

const mainCity = (customer: Customer) =>
  (customer.addresses.find((address) => address.main && address.type === 'visit') ?? customer.addresses[0])
    ?.city ?? '';

function None() {
  const { t } = useTranslation('default');
  return (
    <Text span c="dimmed" size="sm">
      {t('adminCustomers.none')}
    </Text>
  );
}

const customerNameId = (customer: Customer) => `admin-customer-name-${customer.customer_id}`;

/** The customer's usage agreement (staff with agreement-read). */
function AgreementLink({ customer }: { customer: Customer }) {
  const { t } = useTranslation('default');
  return (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/admin/agreements/$customerId"
          params={{ customerId: String(customer.customer_id) }}
        />
      )}
      size="sm"
      underline="always"
      // Described by the customer's name (not named by it: the name alone names the customer's link).
      aria-describedby={customerNameId(customer)}
      data-testid="admin-customer-agreement"
    >
      {t('agreements.open')}
    </Anchor>
  );
}

/** The customer's name, opening it: a real link (new tab works), which also selects the customer. */
function OpenLink({ customer, onOpen }: { customer: Customer; onOpen: (customer: Customer) => void }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/company/{-$customerId}"
          params={{ customerId: String(customer.customer_id) }}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(customer);
          }}
        />
      )}
      id={customerNameId(customer)}
      fw={500}
      underline="hover"
      data-user-content
      style={{ overflowWrap: 'anywhere' }}
    >
      {customer.display_name}
    </Anchor>
  );
}
