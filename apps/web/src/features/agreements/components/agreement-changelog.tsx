import { Badge, Card, Group, SegmentedControl, Stack, Table, Text, ThemeIcon, Timeline } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Agreement, AgreementChange } from '@portaal/contracts/agreements';
import type { DisplayLanguage } from '@portaal/contracts/display-rules';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { PagedList } from '../../../components/list-shell/list-shell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatAgreementAmount } from '../../../lib/format-agreement-amount.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { agreementsQueries } from '../api/agreements-queries.ts';
import { type AgreementView, agreementViews } from '../utils/agreement-search.ts';
import classes from './agreements.module.css';

/** Wide enough for the table's five columns; phones get one card per change. */
const WIDE_QUERY = '(min-width: 48em)';

/** The changelog, newest first: a table or a timeline (the choice is in the URL). */
export function AgreementChangelog({
  agreement,
  view,
  onViewChange,
}: {
  agreement: Agreement;
  view: AgreementView;
  onViewChange(view: AgreementView): void;
}) {
  const { t } = useTranslation();
  const { api } = useSession();
  const query = useInfiniteQuery(agreementsQueries.changes(api, agreement.customer_id));
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <SegmentedControl
          aria-label={t('agreements.log.view')}
          value={view}
          onChange={(value) => onViewChange(value as AgreementView)}
          data={agreementViews.map((value) => ({ value, label: t(`agreements.log.views.${value}`) }))}
          data-testid="agreement-view"
        />
      </Group>
      <PagedList
        id="agreement-log-title"
        title={t('agreements.log.title')}
        query={query}
        count={items.length}
        shown={t('agreements.log.shown', { count: items.length })}
        empty={{
          title: t('agreements.log.emptyTitle'),
          text: t('agreements.log.emptyText'),
          testId: 'agreement-log-empty',
        }}
        loadMoreLabel={t('agreements.log.loadMore')}
        allShown={t('agreements.log.allShown')}
        loadingLines={5}
      >
        {view === 'timeline' ? (
          <ChangeTimeline items={items} agreement={agreement} />
        ) : (
          <ChangeTable items={items} agreement={agreement} />
        )}
      </PagedList>
    </Stack>
  );
}

function useAmounts(agreement: Agreement) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = currentLanguage(i18n);
  return {
    t,
    change: (item: AgreementChange) => changeText(item, agreement, language, t),
    total: (value: string) => formatAgreementAmount(value, agreement.unit, language, t),
  };
}

function changeText(item: AgreementChange, agreement: Agreement, language: DisplayLanguage, t: TFunction) {
  if (item.renewal) {
    return t('agreements.log.renewedTo', {
      amount: formatAgreementAmount(item.amount, agreement.unit, language, t),
    });
  }
  return formatAgreementAmount(item.amount, agreement.unit, language, t, { signed: true });
}

const tone = (item: AgreementChange) =>
  item.renewal ? undefined : Number(item.amount) < 0 ? classes.negative : classes.positive;

function RenewalBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="blue" size="sm">
      {t('agreements.log.renewal')}
    </Badge>
  );
}

function ChangeTable({ items, agreement }: { items: AgreementChange[]; agreement: Agreement }) {
  const { t, change, total } = useAmounts(agreement);
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  if (!wide) {
    return (
      <ul className={classes.cards} data-testid="agreement-log-cards">
        {items.map((item) => (
          <Card key={item.id} component="li" withBorder padding="sm" data-testid="agreement-log-row">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={700} className={tone(item)}>
                  {change(item)}
                </Text>
                {item.renewal && <RenewalBadge />}
              </Group>
              <Text size="sm">{t('agreements.log.newTotalLine', { total: total(item.new_total) })}</Text>
              <Text size="sm" className={classes.comment} data-user-content>
                {item.comment}
              </Text>
              <Text size="xs" c="dimmed">
                {t('agreements.log.byLine', { name: item.by_name, when: formatDateTime(item.created_at) })}
              </Text>
            </Stack>
          </Card>
        ))}
      </ul>
    );
  }
  return (
    <Table verticalSpacing="sm" data-testid="agreement-log-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('agreements.log.columns.date')}</Table.Th>
          <Table.Th scope="col" className={classes.number}>
            {t('agreements.log.columns.change')}
          </Table.Th>
          <Table.Th scope="col" className={classes.number}>
            {t('agreements.log.columns.newTotal')}
          </Table.Th>
          <Table.Th scope="col">{t('agreements.log.columns.comment')}</Table.Th>
          <Table.Th scope="col">{t('agreements.log.columns.by')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id} data-testid="agreement-log-row">
            <Table.Td className={classes.nowrap}>{formatDateTime(item.created_at)}</Table.Td>
            <Table.Td className={classes.number}>
              <Stack gap={2} align="flex-end">
                <Text size="sm" fw={600} className={tone(item)} span>
                  {change(item)}
                </Text>
                {item.renewal && <RenewalBadge />}
              </Stack>
            </Table.Td>
            <Table.Td className={classes.number}>{total(item.new_total)}</Table.Td>
            <Table.Td className={classes.comment} data-user-content>
              {item.comment}
            </Table.Td>
            <Table.Td data-user-content>{item.by_name}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ChangeTimeline({ items, agreement }: { items: AgreementChange[]; agreement: Agreement }) {
  const { t, change, total } = useAmounts(agreement);
  return (
    <Timeline bulletSize={22} lineWidth={2} active={-1} data-testid="agreement-timeline">
      {items.map((item) => (
        <Timeline.Item
          key={item.id}
          data-testid="agreement-timeline-item"
          bullet={
            <ThemeIcon
              size={22}
              radius="xl"
              variant="light"
              color={item.renewal ? 'blue' : 'gray'}
              aria-hidden
            >
              <span className={classes.bullet}>
                {item.renewal ? '↻' : Number(item.amount) < 0 ? '−' : '+'}
              </span>
            </ThemeIcon>
          }
          title={
            <Group gap="xs" wrap="wrap">
              <Text fw={700} className={tone(item)} span>
                {change(item)}
              </Text>
              {item.renewal && <RenewalBadge />}
            </Group>
          }
        >
          <Text size="sm">{t('agreements.log.newTotalLine', { total: total(item.new_total) })}</Text>
          <Text size="sm" className={classes.comment} data-user-content>
            {item.comment}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('agreements.log.byLine', { name: item.by_name, when: formatDateTime(item.created_at) })}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
