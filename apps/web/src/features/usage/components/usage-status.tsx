import { Group, Text } from '@mantine/core';
import { type UsageStatus, usageStatusColours } from '@portaal/contracts/usage-rules';
import { useTranslation } from 'react-i18next';
import classes from './usage.module.css';

/** The status colours of SPEC.md §4 as Mantine shades that keep their contrast in both colour modes. */
export const ringColours = { green: 'green.7', orange: 'orange.6', red: 'red.7' } as const;

export const statusShade = (status: UsageStatus) => ringColours[usageStatusColours[status]];

/** A bundle's status: its colour as a dot, always with its words beside it (never colour alone). */
export function UsageStatusLabel({ status, suffix }: { status: UsageStatus; suffix?: string }) {
  const { t } = useTranslation('usage');
  return (
    <Group gap={6} wrap="nowrap" data-status={status}>
      <span
        className={classes.dot}
        style={{ background: `var(--mantine-color-${statusShade(status).replace('.', '-')})` }}
        aria-hidden="true"
      />
      <Text size="sm" data-testid="usage-status" span>
        {t(`status.${status}`)}
        {suffix}
      </Text>
    </Group>
  );
}
