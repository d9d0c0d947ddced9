import { Badge, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CustomerFeatures } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatHours, formatQuantity } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { DataList } from '../data-list/data-list.tsx';
import classes from './observe-limits.module.css';

const SIGNALS = ['metrics', 'logs', 'traces'] as const;

export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge variant="light" color={value ? 'green' : 'gray'} size="sm">
      {value ? yes : no}
    </Badge>
  );
}

/**
 * A customer's Observe flavour with the managed signals and their limits (SPEC.md §3 features). Each
 * signal has a heading one level below the one it sits under (`headingOrder`; h6-sized whatever its level).
 */
export function ObserveLimits({
  observe,
  headingOrder = 4,
}: {
  observe: CustomerFeatures['observe'];
  headingOrder?: 3 | 4;
}) {
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
            <Title order={headingOrder} size="h6">
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
