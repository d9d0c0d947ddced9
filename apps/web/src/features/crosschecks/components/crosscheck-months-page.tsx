import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CrosscheckMonth } from '@portaal/contracts';
import { formatNumber } from '@portaal/contracts/display-rules';
import { periodOf } from '@portaal/contracts/usage-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { crosscheckQueries } from '../api/crosschecks-queries.ts';
import { CrosscheckLoadFailed, monthLabel } from './crosscheck-parts.tsx';
import classes from './crosschecks.module.css';

/** Wide enough for the table; phones and narrow windows get cards. */
const WIDE_LIST_QUERY = '(min-width: 48em)';

/** /admin/crosschecks (staff): the months that can be checked, newest first, with their counts. */
export function CrosscheckMonthsPage() {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const query = useQuery(crosscheckQueries.months(api));
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const current = periodOf(new Date());
  // The running month's usage is not complete yet: said beside its name.
  const labelOf = (month: string) =>
    month === current
      ? t('crosschecks.currentMonth', { month: monthLabel(month, language) })
      : monthLabel(month, language);

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlocks count={4} height={48} />;
  else if (query.isError) {
    body = (
      <CrosscheckLoadFailed
        title={t('crosschecks.failedList')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid="crosschecks-empty">
        <Title order={2} size="h4">
          {t('crosschecks.emptyTitle')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('crosschecks.emptyText')}
        </Text>
      </Card>
    );
  } else if (wide) {
    body = (
      <Table verticalSpacing="sm" data-testid="crosscheck-months-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('crosschecks.columns.month')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('crosschecks.columns.customers')}
            </Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('crosschecks.columns.differences')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((month) => (
            <Table.Tr key={month.month} data-testid={`crosscheck-month-${month.month}`}>
              <Table.Td>
                <MonthLink month={month} label={labelOf(month.month)} />
              </Table.Td>
              <Table.Td className={classes.number}>{formatNumber(month.customers, language)}</Table.Td>
              <Table.Td className={classes.number}>
                <Differences month={month} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  } else {
    body = (
      <ul className={classes.cards} data-testid="crosscheck-months-cards">
        {query.data.map((month) => (
          <Card
            component="li"
            withBorder
            padding="sm"
            key={month.month}
            data-testid={`crosscheck-month-${month.month}`}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <MonthLink month={month} label={labelOf(month.month)} />
              <Text size="sm" c="dimmed" span>
                {t('crosschecks.customersCount', { count: month.customers })}
              </Text>
            </Group>
            <Text size="sm" mt={4}>
              <Differences month={month} />
            </Text>
          </Card>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('crosschecks.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('crosschecks.intro')}
        </Text>
      </div>
      <section
        aria-label={t('crosschecks.months')}
        aria-busy={query.isFetching}
        data-testid="crosscheck-months"
      >
        {body}
      </section>
    </Stack>
  );
}

function MonthLink({ month, label }: { month: CrosscheckMonth; label: string }) {
  const { t } = useTranslation('usage');
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/admin/crosschecks/$month" params={{ month: month.month }} />
      )}
      underline="always"
      fw={600}
      aria-label={t('crosschecks.open', { month: label })}
    >
      {label}
    </Anchor>
  );
}

function Differences({ month }: { month: CrosscheckMonth }) {
  const { t } = useTranslation('usage');
  return month.differences === 0 ? (
    <Text span size="sm" c="dimmed">
      {t('crosschecks.noDifferences')}
    </Text>
  ) : (
    <Text span size="sm" fw={700}>
      {t('crosschecks.differencesCount', { count: month.differences })}
    </Text>
  );
}
