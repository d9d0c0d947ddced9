import { Anchor, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Application, ApplicationChecks, AvailabilityRange } from '@portaal/contracts';
import { availabilityRanges, meetsTarget } from '@portaal/contracts/availability-rules';
import { describeCheckReason, describeMaintenance } from '@portaal/contracts/availability-texts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { BREAKPOINTS_PX } from '../../../app/theme.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { formatDateTime, formatHours, formatNumber, type Language } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { availabilityQueries } from '../api/availability-queries.ts';
import type { AvailabilitySearch } from '../utils/search-params.ts';
import classes from './availability.module.css';

const LatencyChart = lazy(() =>
  import('./latency-chart.tsx').then((module) => ({ default: module.LatencyChart })),
);

const stateColours = { up: 'green-7', down: 'red-7', maintenance: 'blue-6', none: 'gray-5' } as const;
const CHART_WIDTH = 600;

function StateLine({ state, since }: { state: Application['state']; since: string | null }) {
  const { t } = useTranslation('usage');
  const key = state ?? 'none';
  return (
    <Group gap={6} wrap="nowrap">
      <span
        className={classes.dot}
        style={{ background: `var(--mantine-color-${stateColours[key]})` }}
        aria-hidden="true"
      />
      <Text size="sm" fw={600} data-testid="application-state">
        {t(`availability.state.${key}`)}
      </Text>
      {since && (
        <Text size="sm" c="dimmed">
          {t('availability.since', { time: formatDateTime(since) })}
        </Text>
      )}
    </Group>
  );
}

function UptimeLine({
  app,
  range,
  language,
}: {
  app: Application;
  range: AvailabilityRange;
  language: Language;
}) {
  const { t } = useTranslation('usage');
  const uptime = app.uptime[range];
  const meets = meetsTarget(uptime, app.uptime_target);
  return (
    <Text size="sm" data-testid="application-uptime">
      {uptime === null
        ? t('availability.noChecks')
        : t(meets ? 'availability.uptimeMeets' : 'availability.uptimeMisses', {
            uptime: formatNumber(uptime, language),
            target: formatNumber(app.uptime_target, language),
          })}
    </Text>
  );
}

function duration(from: string, to: string | null, language: Language) {
  const end = to ? new Date(to).getTime() : Date.now();
  return formatHours((end - new Date(from).getTime()) / 3_600_000, language);
}

function Details({
  app,
  checks,
  language,
}: {
  app: Application;
  checks: ApplicationChecks;
  language: Language;
}) {
  const { t } = useTranslation('usage');
  const labels = useMemo(
    () => ({
      time: t('availability.time'),
      latency: t('availability.latency'),
      down: t('availability.downShare'),
    }),
    [t],
  );
  const now = Date.now();
  return (
    <Stack gap="lg">
      <Suspense fallback={<LoadingBlocks count={1} height={240} />}>
        <LatencyChart
          checks={checks}
          language={language}
          labels={labels}
          ariaLabel={t('availability.chartLabel', {
            name: app.name,
            from: formatDateTime(checks.from),
            to: formatDateTime(checks.to),
          })}
        />
      </Suspense>
      {/* Plain blocks, not landmarks: each table's scrolling region is the one named by the heading (two
          regions of one name fail axe landmark-unique). */}
      <div>
        <Title order={3} size="h4" id="outages-title" mb="xs">
          {t('availability.outages')}
        </Title>
        {checks.outages.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('availability.noOutages')}
          </Text>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it (axe scrollable-region-focusable)
          <section className={classes.scroll} aria-labelledby="outages-title" tabIndex={0}>
            <Table data-testid="outages" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('availability.start')}</Table.Th>
                  <Table.Th>{t('availability.end')}</Table.Th>
                  <Table.Th>{t('availability.duration')}</Table.Th>
                  <Table.Th>{t('availability.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checks.outages.map((outage) => (
                  <Table.Tr key={outage.started_at}>
                    <Table.Td>{formatDateTime(outage.started_at)}</Table.Td>
                    <Table.Td>
                      {outage.ended_at ? formatDateTime(outage.ended_at) : t('availability.ongoing')}
                    </Table.Td>
                    <Table.Td>{duration(outage.started_at, outage.ended_at, language)}</Table.Td>
                    <Table.Td>{outage.reason ? describeCheckReason(outage.reason, language) : '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        )}
      </div>
      <div>
        <Title order={3} size="h4" id="maintenance-title" mb="xs">
          {t('availability.maintenance')}
        </Title>
        {checks.maintenance.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('availability.noMaintenance')}
          </Text>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so keyboard users can scroll it (axe scrollable-region-focusable)
          <section className={classes.scroll} aria-labelledby="maintenance-title" tabIndex={0}>
            <Table data-testid="maintenance" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('availability.start')}</Table.Th>
                  <Table.Th>{t('availability.end')}</Table.Th>
                  <Table.Th>{t('availability.when')}</Table.Th>
                  <Table.Th>{t('availability.description')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {checks.maintenance.map((window) => {
                  const when =
                    new Date(window.starts_at).getTime() > now
                      ? 'planned'
                      : new Date(window.ends_at).getTime() > now
                        ? 'now'
                        : 'past';
                  return (
                    <Table.Tr key={window.starts_at}>
                      <Table.Td>{formatDateTime(window.starts_at)}</Table.Td>
                      <Table.Td>{formatDateTime(window.ends_at)}</Table.Td>
                      <Table.Td>{t(`availability.windows.${when}`)}</Table.Td>
                      <Table.Td>{describeMaintenance(window, language)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </section>
        )}
      </div>
    </Stack>
  );
}

interface ApplicationStatusesPageProps {
  search: AvailabilitySearch;
  onSearchChange(next: AvailabilitySearch): void;
}

/** /sla-usage/application-statuses: each application's state, uptime per time filter, latency, outages. */
export function ApplicationStatusesPage({ search, onSearchChange }: ApplicationStatusesPageProps) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const range = search.range ?? 'last24h';
  const sideBySide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.sm / 16}em)`, true, {
    getInitialValueInEffect: false,
  });
  const list = useQuery({
    ...availabilityQueries.applications(session.api, customerId),
    enabled: selected !== undefined,
  });
  const apps = list.data ?? [];
  const chosen = apps.find((app) => app.application_id === search.app) ?? apps[0];
  const checks = useQuery({
    ...availabilityQueries.checks(session.api, customerId, chosen?.application_id ?? 0, range, CHART_WIDTH),
    enabled: chosen !== undefined,
  });

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingBlocks count={3} height={110} />;
  else if (list.isError) body = <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  else if (apps.length === 0) body = <Text c="dimmed">{t('availability.empty')}</Text>;
  else {
    body = (
      <Stack gap="lg">
        <ul className={classes.grid} aria-label={t('availability.listLabel')}>
          {apps.map((app) => (
            <li key={app.application_id} data-application={app.application_id}>
              <Card
                withBorder
                padding="md"
                className={app === chosen ? classes.selected : undefined}
                component="article"
                aria-labelledby={`application-${app.application_id}`}
              >
                <Stack gap={6}>
                  <Anchor
                    id={`application-${app.application_id}`}
                    fw={700}
                    underline="always"
                    aria-current={app === chosen ? 'true' : undefined}
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/sla-usage/application-statuses"
                        search={{ ...search, app: app.application_id }}
                        replace
                      />
                    )}
                  >
                    {app.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" className={classes.url}>
                    {app.url}
                  </Text>
                  <StateLine state={app.state} since={app.state_since} />
                  <UptimeLine app={app} range={range} language={language} />
                  {app.latency_ms !== null && (
                    <Text size="sm">
                      {t('availability.latencyDay', { ms: formatNumber(app.latency_ms, language) })}
                    </Text>
                  )}
                </Stack>
              </Card>
            </li>
          ))}
        </ul>
        {chosen && (
          <Card withBorder padding="lg" component="section" aria-labelledby="application-detail-title">
            <Title order={2} size="h3" id="application-detail-title" mb="sm">
              {t('availability.detailTitle', { name: chosen.name })}
            </Title>
            {checks.isError ? (
              <LoadFailed error={checks.error} onRetry={() => void checks.refetch()} />
            ) : !checks.data ? (
              <LoadingBlocks count={1} height={240} />
            ) : (
              <Details app={chosen} checks={checks.data} language={language} />
            )}
          </Card>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/sla-usage/application-statuses" />
      <div>
        <Text size="sm" fw="var(--mantine-font-weight-medium)" id="availability-range-label" mb={4}>
          {t('availability.range')}
        </Text>
        <SegmentedControl
          aria-labelledby="availability-range-label"
          value={range}
          onChange={(value) => onSearchChange({ ...search, range: value as AvailabilityRange })}
          data={availabilityRanges.map((value) => ({ value, label: t(`availability.ranges.${value}`) }))}
          // The three periods side by side need about 400 px in Dutch: on phones they stack, instead of
          // wrapping into two rows with a stray divider.
          orientation={sideBySide ? 'horizontal' : 'vertical'}
          fullWidth={!sideBySide}
        />
      </div>
      {body}
    </Stack>
  );
}
