import {
  Anchor,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUsageRow } from '@portaal/contracts';
import { type DisplayLanguage, displayLocales } from '@portaal/contracts/display-rules';
import {
  formatUsageAmount,
  periodOf,
  recentPeriods,
  usageKinds,
  usageStatuses,
  usageTypeLabelKey,
} from '@portaal/contracts/usage-rules';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { LoadMore } from '../../../components/list-shell/list-shell.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { adminUsageQueries } from '../api/admin-usage-queries.ts';
import {
  ADMIN_USAGE_SEARCH_MAX_LENGTH,
  type AdminUsageFilters,
  type AdminUsageSearch,
  adminUsageFiltersFromSearch,
  adminUsageSearchFromFilters,
} from '../utils/admin-usage-search.ts';
import { periodLabel } from '../utils/search-params.ts';
import classes from './usage.module.css';
import { UsageStatusLabel } from './usage-status.tsx';

/** Wide enough for the table; phones and narrow windows get cards. */
const WIDE_LIST_QUERY = '(min-width: 62em)';

interface AdminUsagePageProps {
  search: AdminUsageSearch;
  onSearchChange(next: AdminUsageSearch): void;
}

/**
 * /admin/usage (staff): every customer's bundles of one month, those over quota or near their limit
 * first, each linking to that customer's own usage screen.
 */
export function AdminUsagePage({ search, onSearchChange }: AdminUsagePageProps) {
  const { t } = useTranslation('usage');
  const current = periodOf(new Date());
  const filters = useMemo(() => adminUsageFiltersFromSearch(search), [search]);
  const setFilters = (next: AdminUsageFilters) => onSearchChange(adminUsageSearchFromFilters(next, current));
  const month = filters.month ?? current;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('admin.intro')}
        </Text>
      </div>
      <Card withBorder padding="md" radius="md" component="section" aria-label={t('admin.filters')}>
        <FiltersBar key={filters.q} filters={filters} month={month} current={current} onChange={setFilters} />
      </Card>
      <Results filters={filters} month={month} />
    </Stack>
  );
}

function FiltersBar({
  filters,
  month,
  current,
  onChange,
}: {
  filters: AdminUsageFilters;
  month: string;
  current: string;
  onChange(next: AdminUsageFilters): void;
}) {
  const { t, i18n } = useTranslation('usage');
  const locale = displayLocales[currentLanguage(i18n)];
  const { inputProps } = useSearchText(filters.q, (q) => onChange({ ...filters, q }), { delay: 350 });
  const months = [...new Set([...recentPeriods(new Date()), month])].sort().reverse();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          type="search"
          label={t('admin.search')}
          placeholder={t('admin.searchPlaceholder')}
          {...inputProps}
          maxLength={ADMIN_USAGE_SEARCH_MAX_LENGTH}
          data-testid="admin-usage-search"
        />
        <NativeSelect
          label={t('period')}
          value={month}
          data={months.map((value) => ({
            value,
            label:
              value === current
                ? t('admin.currentMonth', { month: periodLabel(value, locale) })
                : periodLabel(value, locale),
          }))}
          onChange={(event) => onChange({ ...filters, month: event.currentTarget.value })}
          data-testid="admin-usage-month"
        />
        <MultiSelect
          label={t('admin.status')}
          placeholder={filters.status.length === 0 ? t('admin.all') : undefined}
          data={[...usageStatuses].reverse().map((value) => ({ value, label: t(`status.${value}`) }))}
          value={filters.status}
          onChange={(values) =>
            onChange({ ...filters, status: usageStatuses.filter((s) => values.includes(s)) })
          }
          clearable
          data-testid="admin-usage-status"
        />
        <MultiSelect
          label={t('admin.type')}
          placeholder={filters.type.length === 0 ? t('admin.all') : undefined}
          data={usageKinds.map((value) => ({ value, label: t(`groups.${value}`) }))}
          value={filters.type}
          onChange={(values) => onChange({ ...filters, type: usageKinds.filter((k) => values.includes(k)) })}
          clearable
          data-testid="admin-usage-type"
        />
      </SimpleGrid>
      <Checkbox
        label={t('admin.overQuotaOnly')}
        checked={filters.overQuota}
        onChange={(event) => onChange({ ...filters, overQuota: event.currentTarget.checked })}
        data-testid="admin-usage-over-quota"
      />
    </Stack>
  );
}

function Results({ filters, month }: { filters: AdminUsageFilters; month: string }) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const query = useInfiniteQuery({
    ...adminUsageQueries.list(api, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingRows />;
  else if (query.isError && !query.isFetchNextPageError) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid="admin-usage-empty">
        <Title order={2} size="h4">
          {t('admin.emptyTitle')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('admin.emptyText', { month: periodLabel(month, displayLocales[language]) })}
        </Text>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {wide ? (
          <UsageTable rows={rows} language={language} month={month} />
        ) : (
          <UsageCards rows={rows} language={language} month={month} />
        )}
        {query.isFetchNextPageError && (
          <LoadFailed error={query.error} onRetry={() => void query.fetchNextPage()} />
        )}
        <LoadMore query={query} label={t('admin.loadMore')} allShown={t('admin.allShown')} />
      </Stack>
    );
  }
  return (
    <section aria-label={t('admin.results')} aria-busy={query.isFetching} data-testid="admin-usage-results">
      {body}
    </section>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" data-testid="page-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={index} height={28} width={index % 2 ? '80%' : '95%'} aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** The customer's name, opening that customer's usage of the same month (the customer is selected). */
function CustomerLink({ row, month }: { row: AdminUsageRow; month: string }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/sla-usage/usage" search={{ customer: row.customer_id, period: month }} />
      )}
      underline="always"
      fw={600}
      data-user-content
    >
      {row.customer_name}
    </Anchor>
  );
}

function amountsOf(row: AdminUsageRow, language: DisplayLanguage) {
  const amount = (value: number) => formatUsageAmount(value, row.unit, language, row.usage_type);
  return {
    used: amount(row.used_amount),
    left: amount(row.remaining_amount),
    start: amount(row.period_start_amount),
    over: row.overusage_amount > 0 ? amount(row.overusage_amount) : null,
  };
}

function BundleName({ row }: { row: AdminUsageRow }) {
  const { t } = useTranslation('usage');
  return (
    <>
      <Text size="sm" fw={500} span>
        {t(`types.${usageTypeLabelKey(row.usage_type)}`, { defaultValue: row.usage_type })}
      </Text>
      <Text size="xs" c="dimmed" display="block" span>
        {t(`subtypes.${row.subtype}`, { defaultValue: row.subtype })}
        {' · '}
        {row.renews ? t('admin.renews') : t('admin.prepaid')}
      </Text>
    </>
  );
}

function UsageTable({
  rows,
  language,
  month,
}: {
  rows: AdminUsageRow[];
  language: DisplayLanguage;
  month: string;
}) {
  const { t } = useTranslation('usage');
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" data-testid="admin-usage-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.customerColumn}>
              {t('admin.columns.customer')}
            </Table.Th>
            <Table.Th scope="col">{t('admin.columns.bundle')}</Table.Th>
            <Table.Th scope="col">{t('admin.columns.status')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('admin.columns.used')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('admin.columns.start')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('admin.columns.left')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('admin.columns.over')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <TableRow key={row.id} row={row} language={language} month={month} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableRow({
  row,
  language,
  month,
}: {
  row: AdminUsageRow;
  language: DisplayLanguage;
  month: string;
}) {
  const { t } = useTranslation('usage');
  const amounts = amountsOf(row, language);
  return (
    <Table.Tr
      data-testid={`admin-usage-row-${row.id}`}
      data-customer={row.customer_id}
      data-usage-type={row.usage_type}
    >
      <Table.Td>
        <CustomerLink row={row} month={month} />
        <Text size="xs" c="dimmed" display="block" span>
          {t('admin.customerId', { id: row.customer_id })}
        </Text>
      </Table.Td>
      <Table.Td>
        <BundleName row={row} />
      </Table.Td>
      <Table.Td className={classes.statusColumn}>
        <UsageStatusLabel
          status={row.status}
          suffix={` · ${t('admin.usedPercent', { percent: row.used_percent })}`}
        />
      </Table.Td>
      <Table.Td className={classes.number}>{amounts.used}</Table.Td>
      <Table.Td className={classes.number}>{amounts.start}</Table.Td>
      <Table.Td className={classes.number}>{amounts.left}</Table.Td>
      <Table.Td className={classes.number} data-testid="admin-usage-over">
        {amounts.over === null ? (
          <Text size="sm" c="dimmed" span>
            {t('admin.noOverusage')}
          </Text>
        ) : (
          <Text size="sm" fw={700} span>
            {amounts.over}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function UsageCards({
  rows,
  language,
  month,
}: {
  rows: AdminUsageRow[];
  language: DisplayLanguage;
  month: string;
}) {
  return (
    <ul className={classes.cards} data-testid="admin-usage-cards">
      {rows.map((row) => (
        <UsageRowCard key={row.id} row={row} language={language} month={month} />
      ))}
    </ul>
  );
}

function UsageRowCard({
  row,
  language,
  month,
}: {
  row: AdminUsageRow;
  language: DisplayLanguage;
  month: string;
}) {
  const { t } = useTranslation('usage');
  const amounts = amountsOf(row, language);
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-testid={`admin-usage-row-${row.id}`}
      data-customer={row.customer_id}
      data-usage-type={row.usage_type}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <CustomerLink row={row} month={month} />
          <Text size="xs" c="dimmed" span>
            {t('admin.customerId', { id: row.customer_id })}
          </Text>
        </Group>
        <div>
          <BundleName row={row} />
        </div>
        <UsageStatusLabel
          status={row.status}
          suffix={` · ${t('admin.usedPercent', { percent: row.used_percent })}`}
        />
        <Text size="sm">
          {t('admin.cardLine', { used: amounts.used, start: amounts.start, left: amounts.left })}
        </Text>
        {amounts.over !== null && (
          <Text size="sm" fw={700} data-testid="admin-usage-over">
            {t('overusage', { amount: amounts.over })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
