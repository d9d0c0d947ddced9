import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DashboardPanel } from '@portaal/contracts';
import { formatMoney } from '@portaal/contracts/administration-rules';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { dashboardQueries } from './api/dashboard-queries.ts';
import classes from './home.module.css';

/** Items a panel lists at most; the card keeps room for them, so nothing shifts when they arrive. */
const ITEM_ROWS = 5;

/** An item's moment: a day alone (a renewal) as a date, a moment with its time. */
const when = (item: DashboardPanel['items'][number]) =>
  item.date ? formatDate(item.date) : item.at ? formatDateTime(item.at) : null;

/** A link to a route given as a path with a query string (the server names the filtered list). */
function useHrefLink() {
  const router = useRouter();
  return (href: string) => ({
    href,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      void router.navigate({ href });
    },
  });
}

/**
 * The dashboard's panels for the selected customer: what each area registered (one request), each
 * figure a link to its filtered list. Cards and skeletons have the same fixed size.
 */
export function DashboardPanels({ customerId, panels }: { customerId: number; panels: number }) {
  const { t } = useTranslation('global');
  const { api } = useSession();
  const query = useQuery(dashboardQueries.customer(api, customerId));

  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-panels" aria-busy={query.isPending}>
      <Title order={2} size="h4" id="dashboard-panels">
        {t('dashboard.title')}
      </Title>
      {query.isError ? (
        <Alert color="red" variant="light" title={t('dashboard.loadFailed')} role="alert">
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="dashboard-panels">
          {query.isPending
            ? Array.from({ length: panels }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                <PanelSkeleton key={index} label={index === 0 ? t('dashboard.loading') : undefined} />
              ))
            : query.data.panels.map((panel) => <Panel key={panel.panel} panel={panel} />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** A panel's place while it loads; the first one is the status that screen readers hear. */
function PanelSkeleton({ label }: { label?: string }) {
  return (
    <Card withBorder padding="lg" radius="md" className={classes.panel} role={label ? 'status' : undefined}>
      {label && <VisuallyHidden>{label}</VisuallyHidden>}
      <Skeleton height={22} width="40%" aria-hidden="true" />
      <Group gap="md" mt="md" className={classes.figures} aria-hidden="true">
        <Skeleton height={64} width={140} />
        <Skeleton height={64} width={140} />
      </Group>
      <Stack gap={0} mt="md" aria-hidden="true">
        {Array.from({ length: ITEM_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <div key={index} className={classes.itemRow}>
            <Skeleton height={14} width={index % 2 ? '60%' : '80%'} />
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function Panel({ panel }: { panel: DashboardPanel }) {
  const { t, i18n } = useTranslation('global');
  const language = currentLanguage(i18n);
  const link = useHrefLink();
  const base = `dashboard.panels.${panel.panel}`;
  /** An item's second line: its figures in the reader's number format (SPEC §9), or the server's text. */
  const detail = (item: DashboardPanel['items'][number]) =>
    item.detail_values
      ? t(
          `${base}.details.${item.detail_values.key}`,
          Object.fromEntries(
            Object.entries(item.detail_values.values).map(([name, value]) => [
              name,
              formatNumber(value, language),
            ]),
          ),
        )
      : item.money?.detail !== undefined
        ? formatMoney(item.money.detail, language)
        : item.detail;
  /** A sum as an item's title says what it sums (`….sums.<item key>`): a bare amount read as a duplicate row. */
  const title = (item: DashboardPanel['items'][number]) =>
    item.money?.title !== undefined
      ? t(`${base}.sums.${item.key}`, {
          amount: formatMoney(item.money.title, language),
          defaultValue: '{{amount}}',
        })
      : item.title;
  const titleId = `panel-${panel.panel}`;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      className={classes.panel}
      component="section"
      aria-labelledby={titleId}
      data-testid={`panel-${panel.panel}`}
    >
      <Title order={3} size="h5" id={titleId}>
        {t(`${base}.title`)}
      </Title>
      <Group gap="md" mt="md" className={classes.figures}>
        {panel.figures.map((figure) => (
          <Anchor
            key={figure.key}
            {...link(figure.href)}
            className={classes.figure}
            data-tone={figure.tone}
            underline="never"
            data-testid={`figure-${panel.panel}-${figure.key}`}
          >
            <Text span className={classes.figureValue}>
              {figure.value}
            </Text>
            <Text span size="sm">
              {t(`${base}.figures.${figure.key}`)}
            </Text>
          </Anchor>
        ))}
      </Group>
      {panel.items_title && (
        <Stack gap={0} mt="md">
          <Text size="sm" fw={600} c="dimmed" className={classes.itemRow}>
            {t(`${base}.items.${panel.items_title}`)}
          </Text>
          {panel.items.length === 0 ? (
            <Text size="sm" c="dimmed" className={classes.itemRow}>
              {t(`${base}.empty`)}
            </Text>
          ) : (
            <ul className={classes.items}>
              {panel.items.slice(0, ITEM_ROWS).map((item) => (
                <li key={item.key} className={classes.itemRow}>
                  <Anchor {...link(item.href)} size="sm" className={classes.itemTitle} data-user-content>
                    {title(item)}
                  </Anchor>
                  <Text size="xs" c="dimmed" span className={classes.itemMeta}>
                    {[detail(item), when(item)].filter(Boolean).join(' · ')}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      )}
    </Card>
  );
}
