import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LandscapeDetail } from '@portaal/contracts';
import { parseObjectId } from '@portaal/contracts/landscape-ids';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useItemTitle } from '../../../app/document-title.ts';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Icon } from '../../tickets/components/icons.tsx';
import { LoadError, LoadingLines } from '../../tickets/components/page-states.tsx';
import ticketClasses from '../../tickets/components/tickets.module.css';
import { landscapeQueries } from '../api/landscape-queries.ts';
import { useDownloadKubeconfig } from '../api/use-download-kubeconfig.ts';
import { kindOfSplat } from '../utils/search-params.ts';
import { fieldsByKind } from './fields.tsx';
import classes from './landscape.module.css';
import { LandscapeStatusBadge } from './landscape-badges.tsx';
import { ObjectLink } from './object-link.tsx';
import { ObjectService } from './object-service.tsx';
import { RackElevation } from './rack-elevation.tsx';

/** /servers/system-landscape/{kind}/{key}: one object, its fields and its relations as links. */
export function ObjectPage({ objectId }: { objectId: string }) {
  const { t } = useTranslation('default');
  const { api } = useSession();
  const selected = useSelectedCustomer();
  const parsed = parseObjectId(objectId);
  const query = useQuery({
    ...landscapeQueries.object(api, selected?.id ?? 0, objectId),
    enabled: selected !== undefined && parsed !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
  useItemTitle(query.data?.object.name);
  // An id that is no object still names its kind when it starts with one: the way back goes there.
  const kind = parsed?.kind ?? kindOfSplat(objectId.split('/')[0]) ?? 'devices';

  const back = (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/servers/system-landscape/$"
          params={{ _splat: '' }}
          search={kind === 'devices' ? {} : { kind }}
        />
      )}
      size="sm"
      className={ticketClasses.backLink}
    >
      <Icon name="back" size={14} />
      {t(`landscape.backTo.${kind}`)}
    </Anchor>
  );

  if (!parsed || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Stack gap="md">
        {back}
        <Card withBorder padding="xl" radius="md" maw={640} data-testid="landscape-not-found">
          <Stack gap="xs">
            <Title order={1} size="h2">
              {t('landscape.notFoundTitle')}
            </Title>
            <Text c="dimmed">{t('landscape.notFoundText', { id: objectId })}</Text>
          </Stack>
        </Card>
      </Stack>
    );
  }
  if (selected === undefined) return <Text>{t('landscape.noSelection')}</Text>;
  if (query.isPending) {
    return (
      <Stack gap="md">
        {back}
        <LoadingLines lines={10} height={18} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        {back}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  return <ObjectView detail={query.data} customerId={selected.id} back={back} />;
}

/** Servers have trends: devices with role server, and virtual machines (as the servers API lists them). */
const isServer = (object: LandscapeDetail['object']) =>
  object.kind === 'virtual-machines' || (object.kind === 'devices' && object.role === 'server');

function ObjectView({
  detail,
  customerId,
  back,
}: {
  detail: LandscapeDetail;
  customerId: number;
  back: React.ReactNode;
}) {
  const { t } = useTranslation('default');
  const session = useSession();
  const { object, relations, elevation } = detail;
  const mono = object.kind === 'ip-addresses' || object.kind === 'prefixes';
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {t(`landscape.kindOne.${object.kind}`)}
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} ff={mono ? 'monospace' : undefined} data-user-content>
              {object.name}
            </Title>
            <LandscapeStatusBadge status={object.status} withLabel size="lg" />
          </Group>
        </div>
        {isServer(object) && session.can(access.servers, customerId) && (
          <Button
            variant="default"
            leftSection={<Icon name="chart" />}
            renderRoot={(props) => <Link {...props} to="/servers/trends" search={{ server: object.id }} />}
          >
            {t('landscape.showTrends')}
          </Button>
        )}
      </Group>
      {object.kind === 'kubernetes-clusters' && (
        <KubeconfigCard
          customerId={customerId}
          clusterId={Number(object.id.split('/')[1])}
          name={object.name}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: elevation ? 2 : 1 }} spacing="lg">
        <Stack gap="lg">
          <Card withBorder padding="md" radius="md" component="section" aria-labelledby="object-fields">
            <Title order={2} size="h4" id="object-fields" mb="sm">
              {t('landscape.details')}
            </Title>
            <DataList
              fitContainer
              items={fieldsByKind[object.kind].map((field) => ({
                key: field.key,
                label: t(`landscape.fields.${field.key}`),
                value: field.render(object, t),
              }))}
            />
          </Card>
          <ObjectService object={object} customerId={customerId} />
          {relations.map((group) => (
            <Card
              key={group.kind}
              withBorder
              padding="md"
              radius="md"
              component="section"
              aria-labelledby={`relation-${group.kind}`}
            >
              <Title order={2} size="h4" id={`relation-${group.kind}`} mb="sm">
                {t(`landscape.kinds.${group.kind}`)}{' '}
                <Text span c="dimmed" size="sm">
                  {group.items.length}
                </Text>
              </Title>
              <ul className={classes.cards} style={{ gap: 4 }}>
                {group.items.map((item) => (
                  <li key={item.id ?? item.name}>
                    {item.id ? (
                      <ObjectLink
                        id={item.id}
                        size="sm"
                        className={group.kind === 'ip-addresses' ? classes.mono : undefined}
                      >
                        {item.name}
                      </ObjectLink>
                    ) : (
                      item.name
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </Stack>
        {elevation && (
          <Card withBorder padding="md" radius="md" component="section" aria-labelledby="rack-title">
            <Title order={2} size="h4" id="rack-title" mb="sm">
              {t('landscape.rack.title')}
            </Title>
            <RackElevation heightU={elevation.height_u} units={elevation.units} name={object.name} />
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function KubeconfigCard({
  customerId,
  clusterId,
  name,
}: {
  customerId: number;
  clusterId: number;
  name: string;
}) {
  const { t } = useTranslation('kubernetes');
  const download = useDownloadKubeconfig(customerId);
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="kubeconfig-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="kubeconfig-title">
          {t('kubeconfig.title')}
        </Title>
        <Text size="sm">{t('kubeconfig.text')}</Text>
        <Group gap="sm">
          <Button
            leftSection={<Icon name="download" />}
            onClick={() => download.mutate({ clusterId, name })}
            loading={download.isPending}
            data-testid="kubeconfig-download"
          >
            {t('kubeconfig.download')}
          </Button>
          <Button
            variant="default"
            renderRoot={(props) => (
              <Link {...props} to="/servers/kubeconfig-instructions" search={{ cluster: clusterId }} />
            )}
          >
            {t('kubeconfig.instructions')}
          </Button>
        </Group>
        <SaveFailed error={download.error} />
      </Stack>
    </Card>
  );
}
