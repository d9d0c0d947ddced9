import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import type { Ticket } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSession } from '../../../app/session.ts';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { useAddWatcher } from '../api/use-add-watcher.ts';
import { useRemoveWatcher } from '../api/use-remove-watcher.ts';
import { watcherQueries } from '../api/watcher-queries.ts';
import { BusyButton } from './busy-button.tsx';
import { Icon } from './icons.tsx';
import classes from './tickets.module.css';

/** The watchers' names, read only (callers who cannot answer the ticket). */
export function WatcherNames({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('support');
  if (ticket.watchers.length === 0) {
    return (
      <Text span c="dimmed" fs="italic">
        {t('detail.noWatchers')}
      </Text>
    );
  }
  return <>{ticket.watchers.map((person) => person.name).join(', ')}</>;
}

/**
 * Watchers of a ticket for those who may answer it: each with a button that removes them, and a
 * choice of the company's other users to add. A watcher sees the ticket and hears of its replies.
 */
export function TicketWatchers({ ticket, customerId }: { ticket: Ticket; customerId: number }) {
  const { t } = useTranslation('support');
  const errorToast = useErrorToast();
  const errorText = useApiErrorText();
  const session = useSession();
  const { api } = session;
  const { userInfo } = useAuthState();
  const navigate = useNavigate();
  const candidates = useQuery(watcherQueries.candidates(api, customerId, ticket.ticket_id));
  const add = useAddWatcher(customerId, ticket.ticket_id);
  const remove = useRemoveWatcher(customerId, ticket.ticket_id);
  const [choice, setChoice] = useState<string | null>(null);

  const failed = (error: Error) => errorToast(t('watchers.failed'), error);

  const onAdd = () => {
    const person = candidates.data?.find((candidate) => candidate.user_id === choice);
    if (!person) return;
    add.mutate(person.user_id, {
      onSuccess: () => {
        setChoice(null);
        toast({ title: t('watchers.added', { name: person.name }) });
      },
      onError: failed,
    });
  };

  const onRemove = (person: Ticket['watchers'][number]) =>
    remove.mutate(person.user_id, {
      onSuccess: () => {
        toast({ title: t('watchers.removed', { name: person.name }) });
        // Without ticket-read-all the ticket may now be out of sight: back to the list.
        const me = userInfo?.id;
        const readsAll = session.can({ customer: ['ticket-read-all'] }, customerId);
        if (person.user_id === me && ticket.author.user_id !== me && !readsAll) {
          void navigate({ to: '/support' });
        }
      },
      onError: failed,
    });

  const options = (candidates.data ?? []).map((person) => ({ value: person.user_id, label: person.name }));

  return (
    <Stack gap="xs" data-testid="ticket-watchers">
      {ticket.watchers.length === 0 ? (
        <WatcherNames ticket={ticket} />
      ) : (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {ticket.watchers.map((person) => (
            <li key={person.user_id}>
              <Group gap={4} wrap="nowrap">
                <Text span size="sm" data-user-content>
                  {person.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  className={classes.removeWatcher}
                  aria-label={t('watchers.remove', { name: person.name })}
                  loading={remove.isPending && remove.variables === person.user_id}
                  onClick={() => onRemove(person)}
                >
                  <Icon name="close" size={14} />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ul>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('watchers.choose')}
          placeholder={
            candidates.isSuccess && options.length === 0 ? t('watchers.nobody') : t('watchers.placeholder')
          }
          data={options}
          value={choice}
          onChange={setChoice}
          searchable
          size="sm"
          // Grows with the card: at a fixed 220 px "Everyone already follows it" was cut off.
          flex="1 1 220px"
          maw={360}
          error={candidates.isError ? errorText(candidates.error) : undefined}
          data-testid="watcher-choice"
        />
        <BusyButton variant="default" size="sm" unavailable={!choice} busy={add.isPending} onClick={onAdd}>
          {t('watchers.add')}
        </BusyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('watchers.hint')}
      </Text>
    </Stack>
  );
}
