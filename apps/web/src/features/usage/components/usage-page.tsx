import { Alert, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { displayLocales } from '@portaal/contracts/display-rules';
import { periodOf } from '@portaal/contracts/usage-rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usageQueries } from '../api/usage-queries.ts';
import { periodLabel } from '../utils/search-params.ts';
import classes from './usage.module.css';
import { UsageCard } from './usage-card.tsx';

interface UsagePageProps {
  period: string | undefined;
  onPeriodChange(period: string | undefined): void;
}

/** /sla-usage/usage: the selected customer's bundles of one month, grouped by type (DESIGN.md §8). */
export function UsagePage({ period, onPeriodChange }: UsagePageProps) {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.usage, customerId);
  const query = useQuery({
    ...usageQueries.period(session.api, customerId, period),
    enabled: allowed,
  });
  const current = periodOf(new Date());
  const shown = query.data?.period ?? period ?? current;
  const periods = [...new Set([current, shown, ...(query.data?.periods ?? [])])].sort().reverse();

  let body: React.ReactNode;
  if (!allowed) body = <Alert color="blue" variant="light" title={t('noRight')} />;
  else if (query.isPending) body = <LoadingBlocks count={3} height={160} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.groups.length === 0) body = <Text c="dimmed">{t('empty')}</Text>;
  else {
    body = query.data.groups.map((group) => (
      <section key={group.type} aria-labelledby={`usage-group-${group.type}`}>
        <Title order={2} size="h3" id={`usage-group-${group.type}`} mb="sm">
          {t(`groups.${group.type}`)}
        </Title>
        <ul className={classes.grid}>
          {group.usages.map((entry) => (
            <li key={entry.id}>
              <UsageCard entry={entry} language={language} />
            </li>
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <StaticPageHeading path="/sla-usage/usage" />
        {allowed && (
          <NativeSelect
            label={t('period')}
            value={shown}
            data={periods.map((value) => ({ value, label: periodLabel(value, displayLocales[language]) }))}
            onChange={(event) => {
              const next = event.currentTarget.value;
              onPeriodChange(next === current ? undefined : next);
            }}
            w={220}
          />
        )}
      </Group>
      <div aria-busy={query.isFetching} style={{ display: 'contents' }}>
        {body}
      </div>
    </Stack>
  );
}
