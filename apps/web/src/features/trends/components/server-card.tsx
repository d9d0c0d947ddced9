import { Anchor, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { HIGH_CPU_PERCENT, type ServerOverview } from '@portaal/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, type Language } from '../../../lib/format.ts';
import classes from './trends.module.css';

const statusColors = { active: 'green', decommissioning: 'orange', offline: 'gray' } as const;

function Meter({ label, value, language }: { label: string; value: number | null; language: Language }) {
  const { t } = useTranslation();
  const busy = value !== null && value >= HIGH_CPU_PERCENT;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600} c={busy ? 'red' : undefined}>
          {value === null ? t('trends.servers.noValue') : `${formatNumber(value, language)} %`}
        </Text>
      </Group>
      {/* The value is the text above; the bar only shows it. */}
      <Progress value={value ?? 0} color={busy ? 'red' : 'blue'} size="sm" aria-hidden="true" />
    </Stack>
  );
}

/** One server at a glance: status, where it runs, and its current CPU, memory and load. */
export function ServerCard({ server, language }: { server: ServerOverview; language: Language }) {
  const { t } = useTranslation();
  const { current } = server;
  return (
    <Card withBorder padding="md" component="li" data-server={server.server_id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={0} className={classes.serverName}>
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/servers/trends" search={{ server: server.server_id }} />
              )}
              fw={600}
              underline="always"
              style={{ overflowWrap: 'anywhere' }}
            >
              {server.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t(`trends.servers.kind.${server.kind}`)}
              {server.location ? ` · ${server.location}` : ''}
            </Text>
          </Stack>
          <Badge color={statusColors[server.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`trends.servers.status.${server.status}`)}
          </Badge>
        </Group>
        {current ? (
          <>
            <Meter label={t('trends.graph.cpu')} value={current.cpu} language={language} />
            <Meter label={t('trends.graph.memory')} value={current.memory} language={language} />
            <Group justify="space-between" gap="xs" className={classes.meter}>
              <Text size="sm">{t('trends.graph.load')}</Text>
              <Text size="sm" fw={600}>
                {current.load === null ? t('trends.servers.noValue') : formatNumber(current.load, language)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('trends.servers.measuredAt', { time: formatDateTime(current.at) })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('trends.servers.noMeasurements')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
