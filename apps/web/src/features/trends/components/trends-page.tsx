import { Card, Chip, Group, MultiSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import {
  type GraphType,
  graphTypes,
  graphUnits,
  type ServerOverview,
  TRENDS_MAX_SERVERS,
} from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { BREAKPOINTS_PX } from '../../../app/theme.ts';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { isDay } from '../../../components/date-field/parse-day.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { formatDate, type Language } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { trendsQueries } from '../api/trends-queries.ts';
import { markChartAnswer } from '../utils/chart-marks.ts';
import { loadedTrendChart, loadTrendChart } from '../utils/chart-module.ts';
import { graphsOf, presetOf, serversOf, type TrendsSearch } from '../utils/search-params.ts';
import {
  customRange,
  dayOf,
  presetRange,
  type TimePreset,
  type TimeRange,
  timePresets,
} from '../utils/time-range.ts';

/** uPlot and the chart code load as a chunk of their own, when the first chart is shown. */
/** Only while the chunk is still on its way (the route's loader starts it): see chart-module.ts. */
const LazyTrendChart = lazy(() => loadTrendChart().then((module) => ({ default: module.TrendChart })));

/** Widths are asked in steps of 50 px, so a resize by a few pixels does not ask the API again. */
const widthStep = (width: number) => Math.min(4000, Math.max(50, Math.round(width / 50) * 50));

interface GraphCardProps {
  customerId: number;
  graph: GraphType;
  servers: ServerOverview[];
  range: TimeRange;
  language: Language;
}

function GraphCard({ customerId, graph, servers, range, language }: GraphCardProps) {
  const { t } = useTranslation();
  const { api } = useSession();
  const { ref, width } = useElementSize();
  const params = {
    serverIds: servers.map((server) => server.server_id),
    graph,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    width: widthStep(width || 800),
  };
  const query = useQuery({ ...trendsQueries.series(api, customerId, params), enabled: width > 0 });
  const data = query.data;
  useEffect(() => {
    if (data) markChartAnswer();
  }, [data]);
  const names = useMemo(() => new Map(servers.map((server) => [server.server_id, server.name])), [servers]);
  const labels = useMemo(
    () =>
      (data?.series ?? []).map((series) => {
        const name = names.get(series.server_id) ?? series.server_id;
        return graph === 'network' ? `${name} ${t(`trends.metric.${series.metric}`)}` : name;
      }),
    [data, names, graph, t],
  );
  const TrendChart = loadedTrendChart() ?? LazyTrendChart;
  const empty = data?.series.every((series) => series.values.every((value) => value === null)) === true;
  const unit = graphUnits[graph];
  const title = `${t(`trends.graph.${graph}`)}${unit ? ` (${unit})` : ''}`;

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <div ref={ref}>
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <LoadingBlocks count={1} height={260} />
        ) : empty ? (
          <Text c="dimmed" py="xl" ta="center">
            {t('trends.noData')}
          </Text>
        ) : (
          <Suspense fallback={<LoadingBlocks count={1} height={260} />}>
            <TrendChart
              trends={data}
              labels={labels}
              language={language}
              timeLabel={t('trends.time')}
              ariaLabel={t('trends.chartLabel', {
                graph: title,
                servers: labels.join(', '),
                from: formatDate(range.from),
                to: formatDate(new Date(range.to.getTime() - 1)),
              })}
            />
          </Suspense>
        )}
      </div>
    </Card>
  );
}

/** /servers/trends: graph types and servers to compare, a time filter, one chart per graph type. */
export function TrendsPage({
  search,
  onSearchChange,
}: {
  search: TrendsSearch;
  onSearchChange: (next: TrendsSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const serversQuery = useQuery({
    ...trendsQueries.servers(api, customerId),
    enabled: selected !== undefined,
  });
  const chosenIds = serversOf(search);
  const graphs = graphsOf(search);
  const preset = presetOf(search);
  // "now" moves on each visit, not on each render: the queries keep their keys while the page is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the preset changes
  const now = useMemo(() => new Date(), [preset]);
  const today = dayOf(now);
  const custom = preset === 'custom' ? customRange(search.from ?? today, search.to ?? today) : undefined;
  const range = preset === 'custom' ? custom : presetRange(preset, now);
  const all = serversQuery.data?.servers ?? [];
  const chosen = chosenIds
    .map((id) => all.find((server) => server.server_id === id))
    .filter((server): server is ServerOverview => server !== undefined);
  const unknown = serversQuery.data
    ? chosenIds.filter((id) => !all.some((server) => server.server_id === id))
    : [];

  const update = (next: Partial<TrendsSearch>) => onSearchChange({ ...search, ...next });
  const sideBySide = useMediaQuery(`(min-width: ${BREAKPOINTS_PX.md / 16}em)`, true, {
    getInitialValueInEffect: false,
  });

  let body: React.ReactNode;
  if (serversQuery.isPending) body = <LoadingBlocks count={2} height={200} />;
  else if (serversQuery.isError)
    body = <LoadFailed error={serversQuery.error} onRetry={() => void serversQuery.refetch()} />;
  else if (all.length === 0) body = <Text c="dimmed">{t('trends.servers.empty')}</Text>;
  else if (chosen.length === 0) body = <Text c="dimmed">{t('trends.chooseServers')}</Text>;
  else if (!range) body = <Text c="red">{t('trends.range.invalid')}</Text>;
  else
    body = (
      <Stack gap="md">
        {graphs.map((graph) => (
          <GraphCard
            key={graph}
            customerId={customerId}
            graph={graph}
            servers={chosen}
            range={range}
            language={language}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/servers/trends" />
      <Card withBorder padding="md">
        <Stack gap="md">
          <MultiSelect
            label={t('trends.serversLabel')}
            placeholder={chosen.length === 0 ? t('trends.serversPlaceholder') : undefined}
            data={all.map((server) => ({ value: server.server_id, label: server.name }))}
            value={chosen.map((server) => server.server_id)}
            onChange={(ids) => update({ server: ids.length > 0 ? ids.join(',') : undefined })}
            maxValues={TRENDS_MAX_SERVERS}
            searchable
            clearable
            nothingFoundMessage={t('trends.noServerFound')}
            disabled={all.length === 0}
            error={unknown.length > 0 ? t('trends.unknownServers', { ids: unknown.join(', ') }) : undefined}
          />
          <Chip.Group
            multiple
            value={graphs}
            onChange={(values) =>
              update({ graph: graphTypes.filter((graph) => values.includes(graph)).join(',') || undefined })
            }
          >
            <Group gap="xs" role="group" aria-label={t('trends.graphsLabel')}>
              {graphTypes.map((graph) => (
                <Chip key={graph} value={graph} size="sm">
                  {t(`trends.graph.${graph}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Stack gap={6}>
            <Text size="sm" fw="var(--mantine-font-weight-medium)" id="trends-range-label">
              {t('trends.range.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="trends-range-label"
              value={preset}
              onChange={(value) => update({ range: value as TimePreset, from: undefined, to: undefined })}
              data={timePresets.map((value) => ({ value, label: t(`trends.range.${value}`) }))}
              fullWidth
              // Four periods side by side need about 500 px in Dutch, which the card has from md (beside
              // the sidebar); below it they stack, instead of wrapping into two rows with a stray divider.
              orientation={sideBySide ? 'horizontal' : 'vertical'}
            />
            {preset === 'custom' && (
              <Group gap="sm" grow>
                <DateField
                  label={t('trends.range.from')}
                  value={search.from ?? today}
                  maxDate={today}
                  onChange={(day) => (day === '' || isDay(day)) && update({ from: day || undefined })}
                />
                <DateField
                  label={t('trends.range.to')}
                  value={search.to ?? today}
                  maxDate={today}
                  onChange={(day) => (day === '' || isDay(day)) && update({ to: day || undefined })}
                  error={custom ? undefined : t('trends.range.invalid')}
                />
              </Group>
            )}
            {range && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('trends.range.shown', {
                  from: formatDate(range.from),
                  to: formatDate(new Date(range.to.getTime() - 1)),
                })}
              </Text>
            )}
          </Stack>
        </Stack>
      </Card>
      {body}
    </Stack>
  );
}
