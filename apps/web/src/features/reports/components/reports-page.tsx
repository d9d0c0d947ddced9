import { Anchor, Group, NativeSelect, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
// report-display stays out of the start: this page, like the report's, is in its route's lazy chunk.
import { formatDateTimeInZone, PORTAL_TIME_ZONE } from '@portaal/contracts/report-display';
import { type ReportKind, reportKinds } from '@portaal/contracts/report-rules';
import { recentPeriods } from '@portaal/contracts/usage-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { periodLabel } from '../../usage/utils/search-params.ts';
import { reportsQueries } from '../api/reports-queries.ts';
import { ReportDownloads } from './report-downloads.tsx';

export interface ReportsSearch {
  kind?: ReportKind;
  period?: string;
}

const locale = (language: 'en' | 'nl') => (language === 'nl' ? 'nl-NL' : 'en-GB');

/** /sla-usage/reports: the kept monthly SLA and usage reports, with type and period filters. */
export function ReportsPage({
  search,
  onSearchChange,
}: {
  search: ReportsSearch;
  onSearchChange(next: ReportsSearch): void;
}) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const query = useQuery({
    ...reportsQueries.list(session.api, customerId, search),
    enabled: selected !== undefined,
  });
  const periods = recentPeriods(new Date()).slice(1);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingBlocks count={4} height={48} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <Text c="dimmed">{t('reports.empty')}</Text>;
  else {
    body = (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it
      <section aria-labelledby="reports-title" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table miw={520} data-testid="reports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.columns.report')}</Table.Th>
              <Table.Th>{t('reports.columns.period')}</Table.Th>
              <Table.Th>{t('reports.columns.generated')}</Table.Th>
              <Table.Th>{t('reports.columns.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((report) => (
              <Table.Tr key={report.display_id} data-report={report.display_id}>
                <Table.Td>
                  <Anchor
                    underline="always"
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/sla-usage/reports/$displayId"
                        params={{ displayId: report.display_id }}
                      />
                    )}
                  >
                    {t(`reports.kinds.${report.kind}`)} {report.display_id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{periodLabel(report.period, locale(language))}</Table.Td>
                {/* The portal's zone, as on the report itself and in its files, not the browser's. */}
                <Table.Td>{formatDateTimeInZone(report.generated_at)}</Table.Td>
                <Table.Td>
                  <ReportDownloads customerId={customerId} displayId={report.display_id} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          {t('reports.listTimeZone', { zone: PORTAL_TIME_ZONE })}
        </Text>
      </section>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} id="reports-title">
          {t('reports.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('reports.intro')}
        </Text>
      </div>
      <Group gap="md" align="flex-end">
        <div style={{ maxWidth: '100%' }}>
          <Text size="sm" fw="var(--mantine-font-weight-medium)" id="reports-kind-label" mb={4}>
            {t('reports.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="reports-kind-label"
            // Each kind starts at its label's own width (Mantine's flex: 1 starts them at 0 and shares
            // the width out equally, which wrapped 'SLA report' even at 1600 px); only on a phone do
            // they shrink to the screen's width, their labels wrapping between words.
            maw="100%"
            styles={{ control: { flex: '1 1 auto' }, label: { whiteSpace: 'normal' } }}
            value={search.kind ?? 'all'}
            onChange={(value) =>
              onSearchChange({ ...search, kind: value === 'all' ? undefined : (value as ReportKind) })
            }
            data={[
              { value: 'all', label: t('reports.kinds.all') },
              ...reportKinds.map((kind) => ({ value: kind, label: t(`reports.kinds.${kind}`) })),
            ]}
          />
        </div>
        <NativeSelect
          label={t('period')}
          value={search.period ?? ''}
          onChange={(event) => onSearchChange({ ...search, period: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('reports.allPeriods') },
            ...periods.map((value) => ({ value, label: periodLabel(value, locale(language)) })),
          ]}
          w={220}
        />
      </Group>
      {body}
    </Stack>
  );
}
