import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { Ticket } from '@portaal/contracts';
import type { TicketStatus } from '@portaal/contracts/ticket-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { useErrorToast } from '../../../components/feedback/use-error-toast.ts';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { useChangeTicketStatus } from '../api/use-change-ticket-status.ts';
import { useReplyToTicket } from '../api/use-reply-to-ticket.ts';
import { limits } from '../utils/form-rules.ts';
import { BusyButton } from './busy-button.tsx';

/**
 * Status changes without a message. Customers get "Close ticket" or "Reopen ticket" when the ticket
 * allows it; staff who may set any status pick one. Only what `allowed_statuses` offers is shown.
 */
export function TicketStatusActions({ ticket, customerId }: { ticket: Ticket; customerId: number }) {
  const { t } = useTranslation('support');
  const errorToast = useErrorToast();
  const change = useChangeTicketStatus(customerId, ticket.ticket_id);
  const [choice, setChoice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const allowed = ticket.allowed_statuses.filter((status) => status !== ticket.status);

  const apply = (status: TicketStatus) =>
    change.mutate(status, {
      onSuccess: () => {
        setChoice(null);
        toast({ title: t('detail.statusSaved', { status: t(`status.${status}`) }) });
      },
      onError: (error) => errorToast(t('detail.statusFailed'), error),
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
  // focus, stays when the ticket changes state. Closing asks first, with an optional reason.
  const next = ticket.status === 'closed' ? 'open' : 'closed';
  if (!allowed.includes(next)) return null;
  return (
    <>
      <BusyButton
        variant="default"
        busy={change.isPending}
        onClick={() => (next === 'closed' ? setConfirming(true) : apply(next))}
      >
        {next === 'closed' ? t('detail.close') : t('detail.reopen')}
      </BusyButton>
      <CloseDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        ticket={ticket}
        customerId={customerId}
      />
    </>
  );
}

/** "Close this ticket?": an optional reason goes into the thread with the closing. */
function CloseDialog({
  opened,
  onClose,
  ticket,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  ticket: Ticket;
  customerId: number;
}) {
  const { t } = useTranslation('support');
  const errorToast = useErrorToast();
  const change = useChangeTicketStatus(customerId, ticket.ticket_id);
  const reply = useReplyToTicket(customerId, ticket.ticket_id);
  const [reason, setReason] = useState('');
  const done = {
    onSuccess: () => {
      setReason('');
      onClose();
      toast({ title: t('detail.statusSaved', { status: t('status.closed') }) });
    },
    onError: (error: Error) => errorToast(t('detail.statusFailed'), error),
  };
  const confirm = () => {
    const text = reason.trim();
    if (text) reply.mutate({ body: text, status: 'closed', files: [] }, done);
    else change.mutate('closed', done);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('detail.closeTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('detail.closeText')}</Text>
        <GrowingTextarea
          label={t('detail.closeReason')}
          description={t('detail.closeReasonHint')}
          minRows={2}
          maxRows={8}
          maxLength={limits.reply.max}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('detail.closeCancel')}
          </Button>
          <BusyButton busy={change.isPending || reply.isPending} onClick={confirm}>
            {t('detail.closeConfirm')}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
