import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { ObserveLimits, YesNo } from '../../../components/observe/observe-limits.tsx';
import { customersQueries } from '../api/customers-queries.ts';
import { Section, SectionSkeleton } from './section.tsx';

const CONTRACTS = ['managed_services', 'professional_services', 'service_management'] as const;

/** Observe plan with its managed signals and limits, and which service contracts are active. */
export function FeaturesSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const query = useQuery(customersQueries.features(api, customerId));

  let body: ReactNode;
  if (query.isPending) body = <SectionSkeleton lines={6} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <Stack gap="lg">
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('company.features.observe')}
          </Title>
          <ObserveLimits observe={query.data.observe} />
        </div>
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('company.features.contracts')}
          </Title>
          <DataList
            items={CONTRACTS.map((contract) => ({
              label: t(`company.features.contractTypes.${contract}`),
              value: (
                <YesNo
                  value={query.data.contracts[contract].has_active_contract}
                  yes={t('company.features.activeContract')}
                  no={t('company.features.noContract')}
                />
              ),
            }))}
          />
        </div>
      </Stack>
    );
  return (
    <Section id="company-features" title={t('company.features.title')}>
      {body}
    </Section>
  );
}
