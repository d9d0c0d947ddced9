import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { meetsTarget } from '@portaal/contracts/availability-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { availabilityQueries } from '../api/availability-queries.ts';
import classes from './availability.module.css';

const colours = { up: 'green-7', down: 'red-7', maintenance: 'blue-6', none: 'gray-5' } as const;

/** The SLA overview's availability card: each application's state and uptime this month against target. */
export function AvailabilitySummary() {
  const { t, i18n } = useTranslation('usage');
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  const query = useQuery({
    ...availabilityQueries.applications(session.api, selected?.id ?? 0),
    enabled: selected !== undefined,
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-availability">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="overview-availability">
          {t('overview.availability')}
        </Title>
        <Anchor
          size="sm"
          underline="always"
          renderRoot={(props) => <Link {...props} to="/sla-usage/application-statuses" />}
        >
          {t('overview.toStatuses')}
        </Anchor>
      </Group>
      {query.isPending ? (
        <LoadingBlocks count={2} height={40} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('availability.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.map((app) => {
            const uptime = app.uptime.currentMonth;
            const met = meetsTarget(uptime, app.uptime_target);
            return (
              <Group
                key={app.application_id}
                component="li"
                gap="xs"
                wrap="nowrap"
                data-overview-application={app.name}
              >
                <span
                  className={classes.dot}
                  style={{ background: `var(--mantine-color-${colours[app.state ?? 'none']})` }}
                  aria-hidden="true"
                />
                <Text size="sm" fw={600}>
                  {app.name}
                </Text>
                <Text size="sm">
                  {t(`availability.state.${app.state ?? 'none'}`)} ·{' '}
                  {uptime === null
                    ? t('availability.noChecks')
                    : t(met ? 'availability.uptimeMeets' : 'availability.uptimeMisses', {
                        uptime: formatNumber(uptime, language),
                        target: formatNumber(app.uptime_target, language),
                      })}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
