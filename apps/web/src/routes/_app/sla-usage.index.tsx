import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { AvailabilitySummary } from '../../features/availability/components/availability-summary.tsx';
import { UsageSummary } from '../../features/usage/components/usage-summary.tsx';

export const Route = createFileRoute('/_app/sla-usage/')({
  staticData: { requirement: access.slaUsage, title: { area: 'slaUsage' } },
  beforeLoad: guard(access.slaUsage),
  component: SlaOverview,
});

/** /sla-usage: this month at a glance (availability against target, bundles near their limit), with links. */
function SlaOverview() {
  const { t } = useTranslation('usage');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('overview.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('overview.intro')}
        </Text>
      </div>
      <div
        style={{
          display: 'grid',
          gap: 'var(--mantine-spacing-md)',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
        }}
      >
        <AvailabilitySummary />
        <UsageSummary />
      </div>
    </Stack>
  );
}
