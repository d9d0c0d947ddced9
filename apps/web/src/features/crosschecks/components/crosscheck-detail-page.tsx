import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CrosscheckMonth, CrosscheckRow } from '@portaal/contracts';
import {
  type CrosscheckStatus,
  crosscheckDifferenceStatuses,
  crosscheckStatuses,
} from '@portaal/contracts/crosscheck-rules';
import type { DisplayLanguage } from '@portaal/contracts/display-rules';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { BackLink, LoadMore } from '../../../components/list-shell/list-shell.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { crosscheckQueries } from '../api/crosschecks-queries.ts';
import { useExportCrosscheck } from '../api/use-export-crosscheck.ts';
import {
  CROSSCHECK_SEARCH_MAX_LENGTH,
  type CrosscheckFilters,
  type CrosscheckSearch,
  crosscheckFiltersFromSearch,
  crosscheckSearchFromFilters,
} from '../utils/crosscheck-search.ts';
import {
  CrosscheckLoadFailed,
  CrosscheckStatusBadge,
  formatCrosscheckAmount,
  monthLabel,
  useSubtypeLabel,
} from './crosscheck-parts.tsx';
import classes from './crosschecks.module.css';

/** Wide enough for the table; phones and narrow windows get cards. */
const WIDE_LIST_QUERY = '(min-width: 62em)';

interface CrosscheckDetailPageProps {
  month: string;
  search: CrosscheckSearch;
  onSearchChange(next: CrosscheckSearch): void;
}

/**
 * /admin/crosschecks/{month} (staff): billed against used per customer and subtype, the differences
 * flagged; moderators export each subtype as CSV for the accounting system.
 */
export function CrosscheckDetailPage({ month, search, onSearchChange }: CrosscheckDetailPageProps) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const { api, can } = useSession();
  const filters = useMemo(() => crosscheckFiltersFromSearch(search), [search]);
  const setFilters = (next: CrosscheckFilters) => onSearchChange(crosscheckSearchFromFilters(next));
  const summary = useQuery(crosscheckQueries.month(api, month));
  const label = monthLabel(month, language);

  return (
    <Stack gap="lg">
      <BackLink to="/admin/crosschecks">{t('crosschecks.back')}</BackLink>
      <div>
        <Title order={1}>{t('crosschecks.detailTitle', { month: label })}</Title>
        <Text c="dimmed" mt={4}>
          {t('crosschecks.detailIntro')}
        </Text>
        {summary.data && (
          <Text mt="xs" fw={500} data-testid="crosscheck-summary">
            {t('crosschecks.summary', {
              customers: summary.data.customers,
              rows: summary.data.rows,
              differences: summary.data.differences,
            })}
          </Text>
        )}
      </div>
      {summary.data && summary.data.subtypes.length > 0 && can({ global: ['crosscheck-export'] }) && (
        <ExportCard month={month} summary={summary.data} language={language} />
      )}
      <Card withBorder padding="md" radius="md" component="section" aria-label={t('crosschecks.filters')}>
        <FiltersBar
          key={filters.q}
          filters={filters}
          subtypes={summary.data?.subtypes ?? []}
          onChange={setFilters}
        />
      </Card>
      <Results month={month} filters={filters} language={language} />
    </Stack>
  );
}

function ExportCard({
  month,
  summary,
  language,
}: {
  month: string;
  summary: CrosscheckMonth;
  language: DisplayLanguage;
}) {
  const { t } = useTranslation('usage');
  const subtypeLabel = useSubtypeLabel();
  const exporter = useExportCrosscheck(month);
  const pending = exporter.isPending ? exporter.variables?.subtype : undefined;
  const failed = exporter.isError ? exporter.variables?.subtype : undefined;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="crosscheck-export-title">
      <Title order={2} size="h4" id="crosscheck-export-title">
        {t('crosschecks.export.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('crosschecks.export.text')}
      </Text>
      <div className={classes.exports}>
        {summary.subtypes.map((subtype) => (
          <Button
            key={subtype}
            size="compact-sm"
            variant="default"
            loading={pending === subtype}
            onClick={() => exporter.mutate({ subtype, language })}
            aria-label={t('crosschecks.export.label', {
              subtype: subtypeLabel(subtype),
              month: monthLabel(month, language),
            })}
            data-testid={`crosscheck-export-${subtype}`}
          >
            {t('crosschecks.export.button', { subtype: subtypeLabel(subtype) })}
          </Button>
        ))}
      </div>
      {failed !== undefined && (
        <Alert color="red" variant="light" mt="sm" role="alert" data-testid="crosscheck-export-failed">
          {t('crosschecks.failedCsv', { subtype: subtypeLabel(failed) })}
        </Alert>
      )}
    </Card>
  );
}

function FiltersBar({
  filters,
  subtypes,
  onChange,
}: {
  filters: CrosscheckFilters;
  subtypes: readonly string[];
  onChange(next: CrosscheckFilters): void;
}) {
  const { t } = useTranslation('usage');
  const subtypeLabel = useSubtypeLabel();
  const { inputProps } = useSearchText(filters.q, (q) => onChange({ ...filters, q }), { delay: 350 });
  const subtypeOptions = [...new Set([...subtypes, ...(filters.subtype ? [filters.subtype] : [])])];
  const onlyDifferences =
    filters.status.length === crosscheckDifferenceStatuses.length &&
    crosscheckDifferenceStatuses.every((status) => filters.status.includes(status));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          type="search"
          label={t('crosschecks.search')}
          placeholder={t('crosschecks.searchPlaceholder')}
          {...inputProps}
          maxLength={CROSSCHECK_SEARCH_MAX_LENGTH}
          data-testid="crosscheck-search"
        />
        <MultiSelect
          label={t('crosschecks.status')}
          placeholder={filters.status.length === 0 ? t('crosschecks.all') : undefined}
          data={crosscheckStatuses.map((value) => ({ value, label: t(`crosschecks.statuses.${value}`) }))}
          value={filters.status}
          onChange={(values) =>
            onChange({ ...filters, status: crosscheckStatuses.filter((status) => values.includes(status)) })
          }
          clearable
          data-testid="crosscheck-status"
        />
        <NativeSelect
          label={t('crosschecks.subtype')}
          value={filters.subtype}
          data={[
            { value: '', label: t('crosschecks.all') },
            ...subtypeOptions.map((value) => ({ value, label: subtypeLabel(value) })),
          ]}
          onChange={(event) => onChange({ ...filters, subtype: event.currentTarget.value })}
          data-testid="crosscheck-subtype"
        />
      </SimpleGrid>
      <Group>
        <Button
          size="compact-sm"
          variant={onlyDifferences ? 'filled' : 'default'}
          aria-pressed={onlyDifferences}
          onClick={() =>
            onChange({
              ...filters,
              status: onlyDifferences ? [] : ([...crosscheckDifferenceStatuses] as CrosscheckStatus[]),
            })
          }
          data-testid="crosscheck-only-differences"
        >
          {t('crosschecks.onlyDifferences')}
        </Button>
      </Group>
    </Stack>
  );
}

function Results({
  month,
  filters,
  language,
}: {
  month: string;
  filters: CrosscheckFilters;
  language: DisplayLanguage;
}) {
  const { t } = useTranslation('usage');
  const { api } = useSession();
  const query = useInfiniteQuery({
    ...crosscheckQueries.rows(api, month, filters),
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlocks count={6} height={32} />;
  else if (query.isError && !query.isFetchNextPageError) {
    body = (
      <CrosscheckLoadFailed
        title={t('crosschecks.failedDetails')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid="crosscheck-rows-empty">
        <Title order={2} size="h4">
          {t('crosschecks.emptyRowsTitle')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('crosschecks.emptyRowsText', { month: monthLabel(month, language) })}
        </Text>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {wide ? <RowsTable rows={rows} language={language} /> : <RowCards rows={rows} language={language} />}
        {query.isFetchNextPageError && (
          <CrosscheckLoadFailed
            title={t('crosschecks.failedDetails')}
            error={query.error}
            onRetry={() => void query.fetchNextPage()}
          />
        )}
        <LoadMore query={query} label={t('crosschecks.loadMore')} allShown={t('crosschecks.allShown')} />
      </Stack>
    );
  }
  return (
    <section
      aria-label={t('crosschecks.results')}
      aria-busy={query.isFetching}
      data-testid="crosscheck-results"
    >
      {body}
    </section>
  );
}

function amountsOf(row: CrosscheckRow, language: DisplayLanguage) {
  const amount = (value: string) => formatCrosscheckAmount(value, row.unit, language, row.subtype);
  return {
    billed: amount(row.billed),
    used: amount(row.used),
    difference: amount(row.difference),
    negative: row.difference.startsWith('-'),
  };
}

function RowsTable({ rows, language }: { rows: CrosscheckRow[]; language: DisplayLanguage }) {
  const { t } = useTranslation('usage');
  const subtypeLabel = useSubtypeLabel();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" data-testid="crosscheck-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.customerColumn}>
              {t('crosschecks.columns.customer')}
            </Table.Th>
            <Table.Th scope="col">{t('crosschecks.columns.subtype')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('crosschecks.columns.billed')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('crosschecks.columns.used')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('crosschecks.columns.difference')}
            </Table.Th>
            <Table.Th scope="col" className={classes.statusColumn}>
              {t('crosschecks.columns.status')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const amounts = amountsOf(row, language);
            return (
              <Table.Tr
                key={`${row.customer_id}/${row.subtype}/${row.unit}`}
                data-testid={`crosscheck-row-${row.customer_id}-${row.subtype}`}
                data-status={row.status}
              >
                <Table.Td>
                  <Text size="sm" fw={600} span data-user-content>
                    {row.customer_name}
                  </Text>
                  <Text size="xs" c="dimmed" display="block" span>
                    {t('crosschecks.customerId', { id: row.customer_id })}
                  </Text>
                </Table.Td>
                <Table.Td>{subtypeLabel(row.subtype)}</Table.Td>
                <Table.Td className={classes.number}>{amounts.billed}</Table.Td>
                <Table.Td className={classes.number}>{amounts.used}</Table.Td>
                <Table.Td
                  className={`${classes.number} ${amounts.negative ? classes.negative : ''}`}
                  data-testid="crosscheck-difference"
                >
                  {amounts.difference}
                </Table.Td>
                <Table.Td>
                  <CrosscheckStatusBadge status={row.status} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards({ rows, language }: { rows: CrosscheckRow[]; language: DisplayLanguage }) {
  const { t } = useTranslation('usage');
  const subtypeLabel = useSubtypeLabel();
  return (
    <ul className={classes.cards} data-testid="crosscheck-cards">
      {rows.map((row) => {
        const amounts = amountsOf(row, language);
        return (
          <Card
            component="li"
            withBorder
            padding="sm"
            key={`${row.customer_id}/${row.subtype}/${row.unit}`}
            data-testid={`crosscheck-row-${row.customer_id}-${row.subtype}`}
            data-status={row.status}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600} span data-user-content>
                  {row.customer_name}
                </Text>
                <Text size="xs" c="dimmed" span>
                  {t('crosschecks.customerId', { id: row.customer_id })}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">{subtypeLabel(row.subtype)}</Text>
                <CrosscheckStatusBadge status={row.status} />
              </Group>
              <Text size="sm">
                {t('crosschecks.cardLine', {
                  billed: amounts.billed,
                  used: amounts.used,
                  difference: amounts.difference,
                })}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </ul>
  );
}
