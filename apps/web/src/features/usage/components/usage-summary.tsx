import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatUsageAmount, usageDisplay, usageTypeLabelKey } from '@portaal/contracts/usage-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usageQueries } from '../api/usage-queries.ts';

/** The SLA overview's usage card: this month's bundles near or over their limit (status error or warning). */
export function UsageSummary() {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const customerId = selected?.id ?? 0;
  const allowed = selected !== undefined && session.can(access.usage, customerId);
  const query = useQuery({ ...usageQueries.period(session.api, customerId, undefined), enabled: allowed });
  if (!allowed) return null;
  const flagged = (query.data?.groups ?? [])
    .flatMap((group) => group.usages)
    .map((entry) => ({
      entry,
      display: usageDisplay({
        periodStartAmount: entry.period_start_amount,
        remainingAmount: entry.remaining_amount,
        usedAmount: entry.used_amount,
        overusageAmount: entry.overusage_amount,
      }),
    }))
    .filter(({ display }) => display.status !== 'success');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-usage">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="overview-usage">
          {t('overview.usage')}
        </Title>
        <Anchor
          size="sm"
          underline="always"
          renderRoot={(props) => <Link {...props} to="/sla-usage/usage" />}
        >
          {t('overview.toUsage')}
        </Anchor>
      </Group>
      {query.isPending ? (
        <LoadingBlocks count={2} height={40} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : flagged.length === 0 ? (
        <Text c="dimmed">{t('overview.noBundlesNearLimit')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {flagged.map(({ entry, display }) => {
            const amount = (value: number) =>
              formatUsageAmount(value, entry.unit, language, entry.usage_type);
            // The amount with its label, as the usage page's card shows it: a bare percentage beside
            // "left of" read as the part left while it is the part used.
            return (
              <Text key={entry.id} component="li" size="sm" data-overview-bundle={entry.usage_type}>
                <b>{t(`types.${usageTypeLabelKey(entry.usage_type)}`, { defaultValue: entry.usage_type })}</b>{' '}
                · {t(`status.${display.status}`)} · {amount(display.amount)}{' '}
                {t(`label.${display.label}`, { start: amount(entry.period_start_amount) })}
              </Text>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
