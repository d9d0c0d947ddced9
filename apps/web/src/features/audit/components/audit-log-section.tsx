import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DateField } from '../../../components/date-field/date-field.tsx';
import { isDay } from '../../../components/date-field/parse-day.ts';
import { LoadFailed, LoadingBlocks } from '../../../components/feedback/page-states.tsx';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { type AuditFilters, auditQueries } from '../api/audit-queries.ts';
import { auditDetail } from '../utils/audit-detail.ts';
import classes from './audit.module.css';

/** Who may read a customer's log: its owners (user-admin) and staff. */
export const auditAccess = {
  owner: { customer: ['user-admin'] },
  staff: { global: ['company-read'] },
} as const;

/** The first part of an action, as the action filter offers it. */
const ACTION_GROUPS = [
  'contact',
  'contacts',
  'customer',
  'ticket',
  'kubeconfig',
  'invoice',
  'contract',
  'profile',
  'agreement',
] as const;

/** The audit log on the Company screen: who changed what and when, filtered by person, action and day. */
export function AuditLogSection({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { api } = useSession();
  const [filters, setFilters] = useState<AuditFilters>({});
  const events = useInfiniteQuery(auditQueries.events(api, customerId, filters));
  const actors = useQuery(auditQueries.actors(api, customerId));
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  const actionLabel = (action: string) => t(`audit.actions.${action}`, { defaultValue: action });

  let body: React.ReactNode;
  if (events.isPending) body = <LoadingBlocks count={3} height={40} />;
  else if (events.isError) body = <LoadFailed error={events.error} onRetry={() => void events.refetch()} />;
  else if (list.length === 0) {
    // "No changes match" only when a filter is set; without one the log is simply empty so far.
    const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
    body = <Text c="dimmed">{t(filtered ? 'audit.empty' : 'audit.none')}</Text>;
  } else {
    body = (
      <ul className={classes.list}>
        {list.map((event) => {
          // The object (`contacts/23`) is an internal id: the detail names what changed instead.
          const detail = auditDetail(event, t, language);
          return (
            <li key={event.id} className={classes.item}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>{actionLabel(event.action)}</Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </Text>
              </Group>
              <Text size="sm">{event.actor_name}</Text>
              {detail && (
                <Text size="sm" c="dimmed" className={classes.summary}>
                  {detail}
                </Text>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <TitledSection id="audit-log-title" title={t('audit.title')} intro={t('audit.intro')}>
      {/* Aligned at the top: a date field's message below it must not push its neighbour down. */}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('audit.person')}
          value={filters.actor ?? ''}
          onChange={(event) => setFilters({ ...filters, actor: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('audit.everyone') },
            ...(actors.data ?? []).map((actor) => ({ value: actor.actor_id, label: actor.actor_name })),
          ]}
          w={200}
        />
        <NativeSelect
          label={t('audit.action')}
          value={filters.action ?? ''}
          onChange={(event) => setFilters({ ...filters, action: event.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('audit.allActions') },
            ...ACTION_GROUPS.map((group) => ({ value: group, label: t(`audit.groups.${group}`) })),
          ]}
          w={200}
        />
        <DateField
          label={t('audit.from')}
          value={filters.from ?? ''}
          onChange={(day) => (day === '' || isDay(day)) && setFilters({ ...filters, from: day || undefined })}
          clearable
          w={170}
        />
        <DateField
          label={t('audit.to')}
          value={filters.to ?? ''}
          onChange={(day) => (day === '' || isDay(day)) && setFilters({ ...filters, to: day || undefined })}
          clearable
          w={170}
        />
      </Group>
      <div aria-busy={events.isFetching}>{body}</div>
      {events.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void events.fetchNextPage()}
          loading={events.isFetchingNextPage}
          w="fit-content"
        >
          {t('audit.more')}
        </Button>
      )}
    </TitledSection>
  );
}
