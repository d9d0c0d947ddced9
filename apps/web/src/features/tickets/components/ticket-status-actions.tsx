import { Group, Select } from '@mantine/core';
import type { Ticket } from '@portaal/contracts';
import type { TicketStatus } from '@portaal/contracts/ticket-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { apiErrorText } from '../../../lib/error-text.ts';
import { useChangeTicketStatus } from '../api/use-change-ticket-status.ts';
import { BusyButton } from './busy-button.tsx';

/**
 * Status changes without a message. Customers get "Close ticket" or "Reopen ticket" when the ticket
 * allows it; staff who may set any status pick one. Only what `allowed_statuses` offers is shown.
 */
export function TicketStatusActions({ ticket, customerId }: { ticket: Ticket; customerId: number }) {
  const { t } = useTranslation('support');
  const change = useChangeTicketStatus(customerId, ticket.ticket_id);
  const [choice, setChoice] = useState<string | null>(null);
  const allowed = ticket.allowed_statuses.filter((status) => status !== ticket.status);

  const apply = (status: TicketStatus) =>
    change.mutate(status, {
      onSuccess: () => {
        setChoice(null);
        toast({ title: t('detail.statusSaved', { status: t(`status.${status}`) }) });
      },
      onError: (error) =>
        toast({ title: t('detail.statusFailed'), description: apiErrorText(error, t), color: 'red' }),
    });

  if (ticket.can_write_internal) {
    if (allowed.length === 0) return null;
    const target = allowed.find((status) => status === choice);
    return (
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('detail.changeStatus')}
          placeholder={t('detail.chooseStatus')}
          data={allowed.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          value={choice}
          onChange={setChoice}
          allowDeselect={false}
          w={220}
        />
        <BusyButton
          variant="default"
          unavailable={!target}
          busy={change.isPending}
          onClick={() => target && apply(target)}
        >
          {t('detail.applyStatus')}
        </BusyButton>
      </Group>
    );
  }

  // Close and reopen are one button that changes its words: the element, and with it the keyboard
  // focus, stays when the ticket changes state.
  const next = ticket.status === 'closed' ? 'open' : 'closed';
  if (!allowed.includes(next)) return null;
  return (
    <BusyButton variant="default" busy={change.isPending} onClick={() => apply(next)}>
      {next === 'closed' ? t('detail.close') : t('detail.reopen')}
    </BusyButton>
  );
}
