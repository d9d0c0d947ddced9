import { Anchor, Card, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContractSummary } from '@portaal/contracts';
import { contractStatuses, formatMoney } from '@portaal/contracts/administration-rules';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { FilterBar, PagedList } from '../../../components/list-shell/list-shell.tsx';
import classes from '../../../components/money-list/money-list.module.css';
import { formatDate } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { contractsQueries } from '../api/contracts-queries.ts';
import { type ContractsSearch, filtersOf, searchable } from '../utils/search-params.ts';
import { ContractStatusBadge, Renewal } from './contract-badges.tsx';

const WIDE_LIST_QUERY = '(min-width: 62em)';

/** /administration/contracts: search, show ended, status, renewal. */
export function ContractsPage({
  search,
  onSearchChange,
}: {
  search: ContractsSearch;
  onSearchChange: (search: ContractsSearch) => void;
}) {
  const { t } = useTranslation('default');
  const session = useSession();
  const selected = useSelectedCustomer();
  const filters = filtersOf(search);
  const { text, inputProps } = useSearchText(
    search.q ?? '',
    (q) => onSearchChange({ ...search, q: q || undefined }),
    { accepts: searchable },
  );
  const tooShort = !searchable(text);
  const allowed = selected !== undefined && session.can(access.contracts, selected.id);

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/administration/contracts" />
      {!allowed ? (
        <Text>{t('administration.noRight')}</Text>
      ) : (
        <>
          <FilterBar>
            <TextInput
              label={t('administration.contracts.search')}
              placeholder={t('administration.contracts.searchPlaceholder')}
              {...inputProps}
              maxLength={100}
              error={tooShort ? t('administration.searchTooShort') : undefined}
              style={{ flex: '1 1 16rem' }}
              type="search"
            />
            <NativeSelect
              label={t('administration.contracts.status')}
              value={filters.status}
              onChange={(event) =>
                onSearchChange({ ...search, status: event.currentTarget.value || undefined })
              }
              data={[
                { value: '', label: t('administration.any') },
                ...contractStatuses.map((status) => ({
                  value: status,
                  label: t(`administration.contractStatus.${status}`),
                })),
              ]}
              style={{ flex: '0 1 12rem' }}
            />
            <Checkbox
              label={t('administration.contracts.showEnded')}
              checked={filters.showEnded}
              onChange={(event) =>
                onSearchChange({ ...search, ended: event.currentTarget.checked || undefined })
              }
              mb={8}
            />
          </FilterBar>
          <ContractResults key={selected.id} customerId={selected.id} search={search} />
        </>
      )}
    </Stack>
  );
}

function ContractResults({ customerId, search }: { customerId: number; search: ContractsSearch }) {
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const filters = filtersOf(search);
  const query = useInfiniteQuery({
    ...contractsQueries.list(api, customerId, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const filtered = Boolean(filters.q || filters.status);
  const costs = (contract: ContractSummary) =>
    contract.recurring
      ? t('administration.contracts.perMonth', { amount: formatMoney(contract.monthly_costs, language) })
      : formatMoney(contract.one_off_costs, language);

  return (
    <PagedList
      id="contracts-list-title"
      title={t('administration.contracts.listTitle')}
      query={query}
      count={items.length}
      shown={t('administration.shown', { count: items.length })}
      empty={{
        title: filtered
          ? t('administration.contracts.noMatchTitle')
          : t('administration.contracts.emptyTitle'),
        text: filtered ? t('administration.contracts.noMatchText') : t('administration.contracts.emptyText'),
        testId: 'contracts-empty',
      }}
      loadMoreLabel={t('administration.loadMore')}
      loadingLines={6}
    >
      {wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" data-testid="contracts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('administration.contracts.contract')}</Table.Th>
                <Table.Th scope="col">{t('administration.contracts.period')}</Table.Th>
                <Table.Th scope="col">{t('administration.contracts.kind')}</Table.Th>
                <Table.Th scope="col" className={classes.amount}>
                  {t('administration.contracts.costs')}
                </Table.Th>
                <Table.Th scope="col">{t('administration.contracts.status')}</Table.Th>
                <Table.Th scope="col">{t('administration.contracts.renewal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((contract) => (
                <Table.Tr key={contract.contract_id} data-testid="contract-row">
                  <Table.Td>
                    <ContractLink contract={contract} />
                    <Text size="xs" c="dimmed">
                      {contract.contract_id}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {formatDate(contract.start_date)} –{' '}
                    {contract.end_date ? formatDate(contract.end_date) : ''}
                  </Table.Td>
                  <Table.Td>
                    {contract.recurring
                      ? t('administration.contracts.recurring')
                      : t('administration.contracts.oneOff')}
                  </Table.Td>
                  <Table.Td className={classes.amount}>{costs(contract)}</Table.Td>
                  <Table.Td>
                    <ContractStatusBadge status={contract.status} />
                  </Table.Td>
                  <Table.Td>
                    <Renewal date={contract.renewal_date} days={contract.renewal_days} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <ul className={classes.cards} data-testid="contracts-cards">
          {items.map((contract) => (
            <Card
              key={contract.contract_id}
              component="li"
              withBorder
              padding="sm"
              data-testid="contract-row"
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <ContractLink contract={contract} />
                  <ContractStatusBadge status={contract.status} />
                </Group>
                <Text size="sm" c="dimmed">
                  {contract.contract_id} · {formatDate(contract.start_date)}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    <Renewal date={contract.renewal_date} days={contract.renewal_days} />
                  </Text>
                  <Text size="sm" className={classes.amount}>
                    {costs(contract)}
                  </Text>
                </Group>
              </Stack>
            </Card>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function ContractLink({ contract }: { contract: ContractSummary }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/administration/contracts/$id" params={{ id: contract.contract_id }} />
      )}
      fw={500}
      underline="hover"
    >
      {contract.description}
    </Anchor>
  );
}
