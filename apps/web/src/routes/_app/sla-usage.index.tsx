import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { StaticPageHeading } from '../../components/layout/page-heading.tsx';
import { AvailabilitySummary } from '../../features/availability/components/availability-summary.tsx';
import { UsageSummary } from '../../features/usage/components/usage-summary.tsx';

export const Route = createFileRoute('/_app/sla-usage/')({
  staticData: { requirement: access.slaUsage, title: { area: 'slaUsage' } },
  beforeLoad: guard(access.slaUsage),
  component: SlaOverview,
});

/** /sla-usage: this month at a glance (availability against target, bundles near their limit), with links. */
function SlaOverview() {
  return (
    <Stack gap="lg">
      <StaticPageHeading path="/sla-usage" />
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
