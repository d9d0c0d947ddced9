import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Report, SlaIncident, SlaReport, UsageReport, UsageReportItem } from '@portaal/contracts';
import { formatDateTimeInZone, PORTAL_TIME_ZONE, slaSummary } from '@portaal/contracts/report-display';
import { formatUsageAmount } from '@portaal/contracts/usage-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { isNotFound, LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import classes from '../../../components/money-list/money-list.module.css';
import { RowCard } from '../../../components/money-list/row-card.tsx';
import { formatHours, formatNumber, type Language } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { periodLabel } from '../../usage/utils/search-params.ts';
import { reportsQueries } from '../api/reports-queries.ts';
import { ReportDownloads } from './report-downloads.tsx';

const money = (amount: string, language: Language) =>
  `€ ${new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount))}`;
const percent = (value: number | null, language: Language) =>
  value === null ? '–' : `${formatNumber(value, language)}%`;
const minutes = (value: number | null, language: Language, none: string) =>
  value === null ? none : formatHours(value / 60, language);

/** From here the report's figures are tables; narrower, they are a card per row. */
const WIDE_TABLES_QUERY = '(min-width: 62em)';

/** A table that scrolls sideways on phones in a focusable region (axe: scrollable-region-focusable). */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}

const USAGE_COLUMNS = [
  'specification',
  'bought',
  'used',
  'balance',
  'leftOver',
  'overQuota',
  'rate',
  'perUnit',
  'cost',
] as const;

/** The texts of one usage report item, shared by its table row and its card. */
function useUsageItem(language: Language) {
  const { t } = useTranslation('usage');
  return (item: UsageReportItem) => ({
    specification: `${t(`types.${item.usage_type === 'manhour' ? 'hour' : item.usage_type}`, {
      defaultValue: item.usage_type,
    })} (${t(`subtypes.${item.subtype}`, { defaultValue: item.subtype })})`,
    amount: (value: number) => formatUsageAmount(value, item.unit, language, item.usage_type),
    unit: item.unit === 'hour' ? t('types.hour') : item.unit,
  });
}

/** The usage report items as a table (wide screens). */
function UsageTable({ report, language }: { report: UsageReport; language: Language }) {
  const { t } = useTranslation('usage');
  const describe = useUsageItem(language);
  return (
    <Scroll label={t('reports.itemsTitle')}>
      <Table miw={860} data-testid="report-items">
        <Table.Thead>
          <Table.Tr>
            {USAGE_COLUMNS.map((key) => (
              <Table.Th key={key}>{t(`reports.items.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.items.map((item) => {
            const { specification, amount, unit } = describe(item);
            return (
              <Table.Tr key={`${item.usage_type}-${item.subtype}`}>
                <Table.Td>{specification}</Table.Td>
                <Table.Td>{amount(item.bought)}</Table.Td>
                <Table.Td>{amount(item.used)}</Table.Td>
                <Table.Td>{amount(item.month_balance)}</Table.Td>
                <Table.Td>{amount(item.left_over)}</Table.Td>
                <Table.Td>{amount(item.over_quota)}</Table.Td>
                <Table.Td>{money(item.rate, language)}</Table.Td>
                <Table.Td>{unit}</Table.Td>
                <Table.Td>{money(item.cost, language)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

/** The same on phones and narrow windows: a card per item, its cost beside it, nothing to scroll sideways. */
function UsageCards({ report, language }: { report: UsageReport; language: Language }) {
  const { t } = useTranslation('usage');
  const describe = useUsageItem(language);
  return (
    <ul className={classes.cards} aria-label={t('reports.itemsTitle')} data-testid="report-items">
      {report.items.map((item) => {
        const { specification, amount, unit } = describe(item);
        return (
          <RowCard
            key={`${item.usage_type}-${item.subtype}`}
            title={specification}
            figure={money(item.cost, language)}
          >
            <Text size="xs" c="dimmed">
              {t('reports.items.terms', {
                bought: amount(item.bought),
                used: amount(item.used),
                balance: amount(item.month_balance),
                leftOver: amount(item.left_over),
                overQuota: amount(item.over_quota),
                rate: money(item.rate, language),
                // "per hour" mid-sentence (the table's column shows it as a label); GiB, TB… stay as they are.
                unit: item.unit === 'hour' ? unit.toLocaleLowerCase(language) : unit,
              })}
            </Text>
          </RowCard>
        );
      })}
    </ul>
  );
}

function UsageFigures({ report, language }: { report: UsageReport; language: Language }) {
  const { t } = useTranslation('usage');
  const wide = useMediaQuery(WIDE_TABLES_QUERY, true, { getInitialValueInEffect: false });
  return (
    <div>
      {wide ? (
        <UsageTable report={report} language={language} />
      ) : (
        <UsageCards report={report} language={language} />
      )}
      <Text fw={700} mt="sm">
        {t('reports.totalCost', { amount: money(report.total_cost, language) })}
      </Text>
    </div>
  );
}

/**
 * "All targets met" only when every availability and incident target is; otherwise which kinds were
 * missed, and separately whether service credit is owed (the PDF and CSV say the same: reports.render.ts).
 */
function SlaSummary({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const summary = slaSummary(report);
  const parts = [
    ...(summary.availabilityMissed > 0
      ? [t('reports.summary.availabilityMissed', { count: summary.availabilityMissed })]
      : []),
    ...(summary.incidentTargetsMissed > 0
      ? [t('reports.summary.incidentMissed', { count: summary.incidentTargetsMissed })]
      : []),
  ];
  const lines = summary.allMet
    ? [t('reports.summary.allMet')]
    : [
        ...(parts.length > 0 ? [t('reports.summary.missed', { list: parts.join(', ') })] : []),
        summary.creditPercent > 0
          ? t('reports.credit', { percent: formatNumber(summary.creditPercent, language) })
          : t('reports.noCredit'),
      ];
  return (
    <Stack gap={2} mt="sm" data-testid="service-credit">
      {lines.map((line) => (
        <Text key={line} fw={700}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** "met", "missed", or a dash when there was no target. */
function useMet() {
  const { t } = useTranslation('usage');
  return (value: boolean | null) => (value === null ? '–' : value ? t('reports.met') : t('reports.missed'));
}

/** The availability per application as a table (wide screens). */
function ApplicationsTable({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const met = useMet();
  return (
    <Scroll label={t('reports.applications')}>
      <Table miw={560} data-testid="report-applications">
        <Table.Thead>
          <Table.Tr>
            {['application', 'target', 'uptime', 'result', 'downtime', 'credit'].map((key) => (
              <Table.Th key={key}>{t(`reports.sla.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.applications.map((app) => (
            <Table.Tr key={app.name}>
              <Table.Td>{app.name}</Table.Td>
              <Table.Td>{percent(app.target, language)}</Table.Td>
              <Table.Td>{percent(app.uptime, language)}</Table.Td>
              <Table.Td>{met(app.met)}</Table.Td>
              <Table.Td>{minutes(app.downtime_minutes, language, '–')}</Table.Td>
              <Table.Td>{percent(app.service_credit_percent, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

/** The same on phones and narrow windows: a card per application, nothing to scroll sideways. */
function ApplicationsCards({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const met = useMet();
  return (
    <ul
      className={classes.cards}
      aria-labelledby="report-applications-title"
      data-testid="report-applications"
    >
      {report.applications.map((app) => (
        <RowCard key={app.name} title={app.name} figure={percent(app.uptime, language)}>
          <Text size="xs" c="dimmed">
            {t('reports.sla.applicationTerms', {
              target: percent(app.target, language),
              result: met(app.met),
              downtime: minutes(app.downtime_minutes, language, '–'),
              credit: percent(app.service_credit_percent, language),
            })}
          </Text>
        </RowCard>
      ))}
    </ul>
  );
}

/** The texts of one incident, shared by its table row and its card. */
function useIncident(language: Language) {
  const { t } = useTranslation('usage');
  const met = useMet();
  return (incident: SlaIncident) => ({
    priority: `${incident.priority} ${t(`support:priority.${incident.priority}`, { defaultValue: '' })}`,
    created: formatDateTimeInZone(incident.created_at),
    response: minutes(incident.response_minutes, language, t('reports.open')),
    responseTarget: minutes(incident.response_target_minutes, language, ''),
    responseResult: met(incident.response_met),
    resolution: minutes(incident.resolution_minutes, language, t('reports.open')),
    resolutionTarget: minutes(incident.resolution_target_minutes, language, ''),
    resolutionResult: met(incident.resolution_met),
  });
}

/** The incidents as a table (wide screens). */
function IncidentsTable({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const describe = useIncident(language);
  return (
    <Scroll label={t('reports.incidents')}>
      <Table miw={720} data-testid="report-incidents">
        <Table.Thead>
          <Table.Tr>
            {['ticket', 'subject', 'priority', 'created', 'response', 'resolution'].map((key) => (
              <Table.Th key={key}>{t(`reports.sla.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.incidents.map((incident) => {
            const figures = describe(incident);
            return (
              <Table.Tr key={incident.ticket_id}>
                <Table.Td>#{incident.ticket_id}</Table.Td>
                <Table.Td>{incident.subject}</Table.Td>
                <Table.Td>{figures.priority}</Table.Td>
                <Table.Td>{figures.created}</Table.Td>
                <Table.Td>
                  {figures.response} ({figures.responseTarget}) · {figures.responseResult}
                </Table.Td>
                <Table.Td>
                  {figures.resolution} ({figures.resolutionTarget}) · {figures.resolutionResult}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

/** The same on phones and narrow windows: a card per incident, nothing to scroll sideways. */
function IncidentsCards({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const describe = useIncident(language);
  return (
    <ul className={classes.cards} aria-labelledby="report-incidents-title" data-testid="report-incidents">
      {report.incidents.map((incident) => (
        <Card key={incident.ticket_id} component="li" withBorder padding="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <span className={classes.nowrap}>#{incident.ticket_id}</span> {incident.subject}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reports.sla.incidentTerms', describe(incident))}
            </Text>
          </Stack>
        </Card>
      ))}
    </ul>
  );
}

function SlaFigures({ report, language }: { report: SlaReport; language: Language }) {
  const { t } = useTranslation('usage');
  const wide = useMediaQuery(WIDE_TABLES_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3" mb="xs" id="report-applications-title">
          {t('reports.applications')}
        </Title>
        {wide ? (
          <ApplicationsTable report={report} language={language} />
        ) : (
          <ApplicationsCards report={report} language={language} />
        )}
        <SlaSummary report={report} language={language} />
      </div>
      <div>
        <Title order={2} size="h3" mb="xs" id="report-incidents-title">
          {t('reports.incidents')}
        </Title>
        {report.incidents.length === 0 ? (
          <Text c="dimmed">{t('reports.noIncidents')}</Text>
        ) : wide ? (
          <IncidentsTable report={report} language={language} />
        ) : (
          <IncidentsCards report={report} language={language} />
        )}
      </div>
    </Stack>
  );
}

/** /sla-usage/reports/{displayId}: one kept report's figures and its downloads. */
export function ReportDetailPage({ displayId }: { displayId: string }) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const query = useQuery({
    ...reportsQueries.detail(session.api, customerId, displayId),
    enabled: selected !== undefined,
    // The route's loader asked already: a 404 is the answer, asking again on mount only repeats it.
    retryOnMount: false,
  });
  const report: Report | undefined = query.data;

  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/sla-usage/reports" />}>
        {t('reports.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{report ? `${t(`reports.kinds.${report.kind}`)} ${displayId}` : displayId}</Title>
          {report && (
            <Text c="dimmed" mt={4}>
              {periodLabel(report.period, language === 'nl' ? 'nl-NL' : 'en-GB')} ·{' '}
              {t('reports.generatedAt', { time: formatDateTimeInZone(report.generated_at) })} ·{' '}
              {t('reports.timeZone', { zone: PORTAL_TIME_ZONE })}
            </Text>
          )}
        </div>
        {report && <ReportDownloads customerId={customerId} displayId={displayId} />}
      </Group>
      {query.isPending ? (
        <LoadingBlocks count={3} height={80} />
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          notFound={isNotFound(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Card withBorder padding="lg">
          {query.data.kind === 'usage' ? (
            <UsageFigures report={query.data} language={language} />
          ) : (
            <SlaFigures report={query.data} language={language} />
          )}
        </Card>
      )}
    </Stack>
  );
}
