import { Anchor, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ServerAttention, serverAttention, serverAttentions } from '@portaal/contracts/server-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { ObserveLimits } from '../../../components/observe/observe-limits.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { trendsQueries } from '../api/trends-queries.ts';
import { ObservePromo } from './observe-promo.tsx';
import { ServerCard } from './server-card.tsx';
import classes from './trends.module.css';

/**
 * /servers: every server of the selected customer at a glance, and Observe (its limits, or the promo);
 * `show` narrows the list to the servers under sustained high load or offline.
 */
export function ServersPage({
  show,
  onShowChange,
}: {
  show?: ServerAttention;
  onShowChange: (show: ServerAttention | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const session = useSession();
  const selected = useSelectedCustomer();
  // Three choices do not fit side by side on a phone: they stack there.
  const narrow = useMediaQuery('(max-width: 36em)');
  const customerId = selected?.id ?? 0;
  const query = useQuery({
    ...trendsQueries.servers(session.api, customerId),
    enabled: selected !== undefined,
  });

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingBlocks count={4} />;
  else if (query.isError) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const { servers: all, observe } = query.data;
    const attention = all.map((server) => serverAttention(server));
    const count = (value: ServerAttention) => attention.filter((entry) => entry === value).length;
    const servers = show ? all.filter((_, index) => attention[index] === show) : all;
    body = (
      <Stack gap="lg">
        <section aria-labelledby="servers-list-title">
          <Group justify="space-between" mb="sm" gap="xs">
            <Title order={2} size="h3" id="servers-list-title">
              {t('trends.servers.listTitle', { count: servers.length })}
            </Title>
            {servers.length > 0 && (
              <Anchor
                size="sm"
                underline="always"
                renderRoot={(props) => <Link {...props} to="/servers/trends" />}
              >
                {t('trends.servers.openTrends')}
              </Anchor>
            )}
          </Group>
          {all.length > 0 && (
            <SegmentedControl
              mb="sm"
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth={narrow}
              aria-label={t('trends.servers.show.label')}
              value={show ?? 'all'}
              onChange={(value) => onShowChange(serverAttentions.find((entry) => entry === value))}
              data={[
                { value: 'all', label: t('trends.servers.show.all', { count: all.length }) },
                ...serverAttentions.map((value) => ({
                  value,
                  label: t(`trends.servers.show.${value}`, { count: count(value) }),
                })),
              ]}
              data-testid="servers-show"
            />
          )}
          {servers.length === 0 ? (
            <Text c="dimmed">{t(show ? `trends.servers.noneShown.${show}` : 'trends.servers.empty')}</Text>
          ) : (
            <ul
              className={classes.serverGrid}
              aria-labelledby="servers-list-title"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {servers.map((server) => (
                <ServerCard key={server.server_id} server={server} language={language} />
              ))}
            </ul>
          )}
        </section>
        {observe ? (
          <Card withBorder padding="lg" component="section" aria-labelledby="observe-title">
            <Title order={2} size="h3" id="observe-title" mb="sm">
              {t('trends.observe.title')}
            </Title>
            <ObserveLimits observe={observe} headingOrder={3} />
          </Card>
        ) : (
          <ObservePromo customerId={customerId} canRequest={session.can(access.newTicket, customerId)} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <StaticPageHeading path="/servers" />
      {body}
    </Stack>
  );
}
