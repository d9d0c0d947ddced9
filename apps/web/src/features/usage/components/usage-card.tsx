import { Card, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import type { UsageEntry } from '@portaal/contracts';
import type { DisplayLanguage } from '@portaal/contracts/display-rules';
import {
  formatUsageAmount,
  usageDisplay,
  usageStatusColours,
  usageTypeLabelKey,
} from '@portaal/contracts/usage-rules';
import { useTranslation } from 'react-i18next';
import classes from './usage.module.css';
import { ringColours, UsageStatusLabel } from './usage-status.tsx';

/**
 * One bundle (SPEC.md §9): the amount large with its label (left from, used, used more) and the period
 * start amount, a ring whose unused part is light blue-grey, the over-usage when nothing is left, and
 * the status as text beside its colour.
 */
export function UsageCard({ entry, language }: { entry: UsageEntry; language: DisplayLanguage }) {
  const { t } = useTranslation('usage');
  const display = usageDisplay({
    periodStartAmount: entry.period_start_amount,
    remainingAmount: entry.remaining_amount,
    usedAmount: entry.used_amount,
    overusageAmount: entry.overusage_amount,
  });
  const amount = (value: number) => formatUsageAmount(value, entry.unit, language, entry.usage_type);
  const colour = usageStatusColours[display.status];
  const titleId = `usage-${entry.id}`;
  return (
    <Card withBorder padding="lg" className={classes.card} component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={titleId}>
            {t(`types.${usageTypeLabelKey(entry.usage_type)}`, { defaultValue: entry.usage_type })}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`subtypes.${entry.subtype}`, { defaultValue: entry.subtype })}
            {' · '}
            {entry.renews ? t('renews') : t('prepaid')}
          </Text>
        </div>
        <Group gap="md" wrap="nowrap" align="center">
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            rootColor="var(--usage-unused)"
            sections={[{ value: Math.min(100, display.usedPercent), color: ringColours[colour] }]}
            role="img"
            aria-label={t('ring', { used: display.usedPercent, left: display.leftoverPercent })}
            label={
              // "3%" beside "15.5 h left" read as the share left: the ring says which share it is.
              <Text ta="center" size="sm" fw={600} lh={1.1} aria-hidden="true">
                {display.usedPercent}%
                <Text span display="block" size="xs" fw={400}>
                  {t('label.used')}
                </Text>
              </Text>
            }
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text className={classes.amount} data-testid="usage-amount">
              {amount(display.amount)}
            </Text>
            <Text size="sm">{t(`label.${display.label}`, { start: amount(entry.period_start_amount) })}</Text>
          </Stack>
        </Group>
        <Text size="sm">{t('periodStart', { amount: amount(entry.period_start_amount) })}</Text>
        {display.overusage !== null && (
          <Text size="sm" fw={700} data-testid="usage-overusage">
            {t('overusage', { amount: amount(display.overusage) })}
          </Text>
        )}
        <UsageStatusLabel status={display.status} />
      </Stack>
    </Card>
  );
}
