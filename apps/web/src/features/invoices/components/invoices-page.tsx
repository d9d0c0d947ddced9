import { Anchor, Card, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InvoiceSummary } from '@portaal/contracts';
import { formatMoney, invoiceStatuses, parseInvoiceSearch } from '@portaal/contracts/administration-rules';
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
import { invoicesQueries } from '../api/invoices-queries.ts';
import { filtersOf, type InvoicesSearch } from '../utils/search-params.ts';
import { DownloadInvoiceButton } from './download-invoice-button.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const WIDE_LIST_QUERY = '(min-width: 62em)';

/** /administration/invoices: search by number or date, status filter, newest first, "load more". */
export function InvoicesPage({
  search,
  onSearchChange,
}: {
  search: InvoicesSearch;
  onSearchChange: (search: InvoicesSearch) => void;
}) {
  const { t } = useTranslation('default');
  const session = useSession();
  const selected = useSelectedCustomer();
  const filters = filtersOf(search);
  const { text, inputProps } = useSearchText(
    search.q ?? '',
    (q) => onSearchChange({ ...search, q: q || undefined }),
    { accepts: (value) => parseInvoiceSearch(value).kind !== 'invalid' },
  );
  const parsed = parseInvoiceSearch(text);
  const searchError =
    parsed.kind === 'invalid'
      ? parsed.reason === 'too_short'
        ? t('administration.invoices.searchTooShort')
        : t('administration.invoices.searchBadDate')
      : undefined;
  const allowed = selected !== undefined && session.can(access.invoices, selected.id);
  // A search the field refuses (a link's ?q=ab) is not asked for: the list shows as without one.
  const applied = parseInvoiceSearch(search.q).kind === 'invalid' ? { ...search, q: undefined } : search;

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/administration/invoices" />
      {!allowed ? (
        <Text>{t('administration.noRight')}</Text>
      ) : (
        <>
          <FilterBar align="flex-start">
            <TextInput
              label={t('administration.invoices.search')}
              description={t('administration.invoices.searchHint')}
              placeholder={t('administration.invoices.searchPlaceholder')}
              {...inputProps}
              maxLength={60}
              error={searchError}
              style={{ flex: '1 1 16rem' }}
              type="search"
            />
            <NativeSelect
              label={t('administration.invoices.status')}
              description={' '}
              value={filters.status}
              onChange={(event) =>
                onSearchChange({ ...search, status: event.currentTarget.value || undefined })
              }
              data={[
                { value: '', label: t('administration.any') },
                ...invoiceStatuses.map((status) => ({
                  value: status,
                  label: t(`administration.invoiceStatus.${status}`),
                })),
              ]}
              style={{ flex: '0 1 12rem' }}
            />
          </FilterBar>
          <InvoiceResults key={selected.id} customerId={selected.id} search={applied} />
        </>
      )}
    </Stack>
  );
}

function InvoiceResults({ customerId, search }: { customerId: number; search: InvoicesSearch }) {
  const { t, i18n } = useTranslation('default');
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const filters = filtersOf(search);
  const query = useInfiniteQuery({
    ...invoicesQueries.list(api, customerId, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const filtered = Boolean(filters.q || filters.status);
  const money = (amount: string) => formatMoney(amount, language);

  return (
    <PagedList
      id="invoices-list-title"
      title={t('administration.invoices.listTitle')}
      query={query}
      count={items.length}
      shown={t('administration.shown', { count: items.length })}
      empty={{
        title: filtered ? t('administration.invoices.noMatchTitle') : t('administration.invoices.emptyTitle'),
        text: filtered ? t('administration.invoices.noMatchText') : t('administration.invoices.emptyText'),
        testId: 'invoices-empty',
      }}
      loadMoreLabel={t('administration.loadMore')}
    >
      {wide ? (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" data-testid="invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('administration.invoices.number')}</Table.Th>
                <Table.Th scope="col">{t('administration.invoices.date')}</Table.Th>
                <Table.Th scope="col">{t('administration.invoices.dueDate')}</Table.Th>
                <Table.Th scope="col" className={classes.amount}>
                  {t('administration.invoices.amount')}
                </Table.Th>
                <Table.Th scope="col" className={classes.amount}>
                  {t('administration.invoices.amountDue')}
                </Table.Th>
                <Table.Th scope="col">{t('administration.invoices.status')}</Table.Th>
                <Table.Th scope="col">{t('administration.invoices.download')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invoice) => (
                <Table.Tr key={invoice.number} data-testid="invoice-row">
                  <Table.Td>
                    <InvoiceLink invoice={invoice} />
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(invoice.invoice_date)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDate(invoice.due_date)}</Table.Td>
                  <Table.Td className={classes.amount}>{money(invoice.amount)}</Table.Td>
                  <Table.Td className={classes.amount}>{money(invoice.amount_due)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={invoice.status} overdueDays={invoice.overdue_days} />
                  </Table.Td>
                  <Table.Td>
                    <DownloadInvoiceButton customerId={customerId} number={invoice.number} compact />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <ul className={classes.cards} data-testid="invoices-cards">
          {items.map((invoice) => (
            <Card key={invoice.number} component="li" withBorder padding="sm" data-testid="invoice-row">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <InvoiceLink invoice={invoice} />
                  <InvoiceStatusBadge status={invoice.status} overdueDays={invoice.overdue_days} />
                </Group>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" c="dimmed">
                    {formatDate(invoice.invoice_date)}
                  </Text>
                  <Text size="sm" fw={500} className={classes.amount}>
                    {money(invoice.amount)}
                  </Text>
                </Group>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('administration.invoices.amountDue')}
                  </Text>
                  <Text size="sm" className={classes.amount}>
                    {money(invoice.amount_due)}
                  </Text>
                </Group>
                <Group>
                  <DownloadInvoiceButton customerId={customerId} number={invoice.number} compact />
                </Group>
              </Stack>
            </Card>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

function InvoiceLink({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/administration/invoices/$id" params={{ id: invoice.number }} />
      )}
      fw={500}
      underline="hover"
    >
      {invoice.number}
    </Anchor>
  );
}
