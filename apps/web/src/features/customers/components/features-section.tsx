import { Badge, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CustomerFeatures } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { formatBytes, formatHours, formatQuantity } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { customersQueries } from '../api/customers-queries.ts';
import classes from './company.module.css';
import { Section, SectionError, SectionSkeleton } from './section.tsx';

const SIGNALS = ['metrics', 'logs', 'traces'] as const;
const CONTRACTS = ['managed_services', 'professional_services', 'service_management'] as const;

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge variant="light" color={value ? 'green' : 'gray'} size="sm">
      {value ? yes : no}
    </Badge>
  );
}

function Observe({ observe }: { observe: CustomerFeatures['observe'] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  if (!observe.flavor) {
    return (
      <Text c="dimmed" size="sm">
        {t('company.features.noObserve')}
      </Text>
    );
  }
  const limit = (signal: (typeof SIGNALS)[number]): string => {
    if (signal === 'metrics') return formatQuantity(observe.metrics.limits.series, 'series', language);
    return formatBytes(observe[signal].limits.bytes, language);
  };
  return (
    <Stack gap="sm">
      <DataList
        items={[
          {
            label: t('company.features.flavor'),
            value: t(`company.features.flavors.${observe.flavor}`, { defaultValue: observe.flavor }),
          },
        ]}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {SIGNALS.map((signal) => (
          <Stack key={signal} gap={6} className={classes.signal}>
            <Title order={4} size="h6">
              {t(`company.features.signals.${signal}`)}
            </Title>
            <DataList
              inline
              items={[
                {
                  label: t('company.features.managed'),
                  value: (
                    <YesNo
                      value={observe[signal].managed}
                      yes={t('company.features.yes')}
                      no={t('company.features.no')}
                    />
                  ),
                },
                {
                  label: t('company.features.retention'),
                  value: formatHours(observe[signal].limits.hours, language),
                },
                { label: t('company.features.limit'), value: limit(signal) },
              ]}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Observe plan with its managed signals and limits, and which service contracts are active. */
export function FeaturesSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { api } = useSession();
  const query = useQuery(customersQueries.features(api, customerId));

  let body: ReactNode;
  if (query.isPending) body = <SectionSkeleton lines={6} />;
  else if (query.isError) body = <SectionError error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <Stack gap="lg">
        <div>
          <Title order={3} size="h5" mb="xs">
            {t('company.features.observe')}
          </Title>
          <Observe observe={query.data.observe} />
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
