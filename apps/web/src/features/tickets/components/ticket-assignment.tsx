import { Group, Select, Stack } from '@mantine/core';
import type { Ticket } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSession } from '../../../app/session.ts';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { deskQueries } from '../api/desk-queries.ts';
import { useAssignTicket } from '../api/use-assign-ticket.ts';
import { BusyButton } from './busy-button.tsx';

/** Staff editors assign the ticket: to themselves in one click, or to a colleague. */
export function TicketAssignment({ ticket, customerId }: { ticket: Ticket; customerId: number }) {
  const { t } = useTranslation('support');
  const errorToast = useErrorToast();
  const { api } = useSession();
  const { userInfo } = useAuthState();
  const staff = useQuery(deskQueries.staff(api));
  const assign = useAssignTicket(customerId, ticket.ticket_id);
  const [choice, setChoice] = useState<string | null>(null);
  const me = userInfo?.id;
  const current = ticket.handled_by?.user_id;

  const apply = (assigneeId: string | null) =>
    assign.mutate(assigneeId, {
      onSuccess: (updated) => {
        setChoice(null);
        toast({
          title: updated.handled_by
            ? t('assignment.saved', { name: updated.handled_by.name })
            : t('assignment.cleared'),
        });
      },
      onError: (error) => errorToast(t('assignment.failed'), error),
    });

  const options = (staff.data ?? [])
    .filter((member) => member.user_id !== current)
    .map((member) => ({
      value: member.user_id,
      label: member.user_id === me ? t('desk.me', { name: member.name }) : member.name,
    }));

  return (
    <Stack gap="xs" data-testid="ticket-assignment">
      <Group gap="xs" wrap="wrap">
        {me && current !== me && (
          <BusyButton
            variant="light"
            busy={assign.isPending && assign.variables === me}
            onClick={() => apply(me)}
          >
            {t('assignment.assignMe')}
          </BusyButton>
        )}
        {current && (
          <BusyButton
            variant="default"
            busy={assign.isPending && assign.variables === null}
            onClick={() => apply(null)}
          >
            {t('assignment.unassign')}
          </BusyButton>
        )}
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('assignment.choose')}
          placeholder={t('assignment.choosePlaceholder')}
          data={options}
          value={choice}
          onChange={setChoice}
          searchable
          w={220}
        />
        <BusyButton
          variant="default"
          unavailable={!choice}
          busy={assign.isPending && assign.variables === choice}
          onClick={() => choice && apply(choice)}
        >
          {t('assignment.apply')}
        </BusyButton>
      </Group>
      {staff.isError && (
        <LoadFailed error={staff.error} onRetry={() => void staff.refetch()} notFound={false} />
      )}
    </Stack>
  );
}
