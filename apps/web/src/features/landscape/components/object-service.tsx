import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { LandscapeObject } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSession } from '../../../app/session.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { landscapeQueries } from '../api/landscape-queries.ts';
import classes from './landscape.module.css';

/** Ticket rows the loading state keeps room for. */
const LOADING_ROWS = 2;

const isServer = (object: LandscapeObject) =>
  object.kind === 'virtual-machines' || (object.kind === 'devices' && object.role === 'server');

/**
 * An object's services in one place: infrastructure (this page), health (its trends and Observe, where
 * there are measurements) and support (its open tickets and "report a problem"), each part only for
 * users who may open it.
 */
export function ObjectService({ object, customerId }: { object: LandscapeObject; customerId: number }) {
  const { t } = useTranslation('default');
  const session = useSession();
  const server = isServer(object);
  const health = server && session.can(access.servers, customerId);
  const support = session.can(access.support, customerId);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="object-service">
      <Title order={2} size="h4" id="object-service">
        {t('landscape.service.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('landscape.service.intro')}
      </Text>
      <Stack gap="md">
        <div>
          <Title order={3} size="h5">
            {t('landscape.service.infrastructure')}
          </Title>
          <Text size="sm">{t('landscape.service.infrastructureText')}</Text>
        </div>
        {health && <Health id={object.id} customerId={customerId} />}
        {support && <Support object={object} server={server} customerId={customerId} />}
      </Stack>
    </Card>
  );
}

function Health({ id, customerId }: { id: string; customerId: number }) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const query = useQuery(landscapeQueries.servers(api, customerId));
  const measured = query.data?.servers.find((entry) => entry.server_id === id)?.current != null;
  const observe = query.data?.observe != null;
  return (
    <div>
      <Title order={3} size="h5">
        {t('landscape.service.health')}
      </Title>
      {query.isPending ? (
        <Skeleton height={20} width="60%" mt={4} />
      ) : !measured && !observe ? (
        <Text size="sm" c="dimmed">
          {t('landscape.service.noHealth')}
        </Text>
      ) : (
        <ul className={classes.serviceLinks}>
          {measured && (
            <li>
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/servers/trends" search={{ server: id, graph: 'cpu,memory,load' }} />
                )}
                data-testid="object-trends-link"
              >
                {t('landscape.service.trends')}
              </Anchor>
            </li>
          )}
          {observe && (
            <li>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/servers" />}>
                {t('landscape.service.observe')}
              </Anchor>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function Support({
  object,
  server,
  customerId,
}: {
  object: LandscapeObject;
  server: boolean;
  customerId: number;
}) {
  const { t } = useTranslation('default');
  const session = useSession();
  const query = useQuery(landscapeQueries.tickets(session.api, customerId, object.id));
  const mayFile = session.can(access.newTicket, customerId);
  return (
    <section aria-labelledby="object-tickets" data-testid="object-tickets">
      <Title order={3} size="h5" id="object-tickets">
        {t('landscape.service.support')} · {t('landscape.support.title')}
      </Title>
      {query.isPending ? (
        <Stack gap={6} mt={4} role="status" aria-label={t('landscape.support.title')}>
          {Array.from({ length: LOADING_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <Skeleton key={index} height={20} width={index ? '50%' : '70%'} />
          ))}
        </Stack>
      ) : query.isError ? (
        <Group gap="xs" mt={4}>
          <Text size="sm" c="red" role="alert">
            {t('landscape.support.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
            {t('landscape.support.retry')}
          </Button>
        </Group>
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(server ? 'landscape.support.emptyServer' : 'landscape.support.empty')}
        </Text>
      ) : (
        <ul className={classes.serviceLinks}>
          {query.data.map((ticket) => (
            <li key={ticket.ticket_id}>
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/support/ticket/$id" params={{ id: String(ticket.ticket_id) }} />
                )}
                data-user-content
              >
                {ticket.subject}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {t('landscape.support.number', { id: ticket.ticket_id })} ·{' '}
                {t('landscape.support.updated', { time: formatDateTime(ticket.updated_at) })}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {mayFile && (
        <Button
          mt="sm"
          variant="light"
          size="sm"
          renderRoot={(props) => (
            // ?object= is read by the new-ticket page itself (not its validateSearch): untyped here.
            <Link
              {...props}
              to="/support/new-ticket"
              search={{ request: 'ticket', object: object.id } as never}
            />
          )}
          data-testid="report-problem"
        >
          {t(server ? 'landscape.support.reportServer' : 'landscape.support.report')}
        </Button>
      )}
    </section>
  );
}
