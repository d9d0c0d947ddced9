import { Group, Stack, Table, Text } from '@mantine/core';
import type { TicketSummary } from '@portaal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx';
import classes from './tickets.module.css';

/**
 * The cells a ticket shows the same way wherever it is listed: the customer's ticket list and the
 * service desk's queue, as table rows on wide screens and as cards on phones.
 */
type Shown = Pick<TicketSummary, 'ticket_id' | 'category' | 'status' | 'priority'>;

/** The first cells of a row: number, subject (a link) over its category, status and priority. */
export function TicketLeadCells({ ticket, link }: { ticket: Shown; link: ReactNode }) {
  return (
    <>
      <Table.Td className={classes.number}>
        <TicketNumber ticket={ticket} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {link}
          <TicketCategory ticket={ticket} />
        </Stack>
      </Table.Td>
    </>
  );
}

/** Status and priority cells; the badges keep their full width (a squeezed one would read "AWAITING R…"). */
export function TicketStateCells({ ticket }: { ticket: Shown }) {
  return (
    <>
      <Table.Td className={classes.nowrap}>
        <TicketStatusBadge status={ticket.status} miw="max-content" />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <TicketPriorityBadge priority={ticket.priority} miw="max-content" />
      </Table.Td>
    </>
  );
}

/** A card's first line: the number, and status and priority with their labels. */
export function TicketCardHead({ ticket }: { ticket: Shown }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <TicketNumber ticket={ticket} className={classes.number} />
      <Group gap={6} wrap="wrap" justify="flex-end">
        <TicketStatusBadge status={ticket.status} withLabel />
        <TicketPriorityBadge priority={ticket.priority} withLabel />
      </Group>
    </Group>
  );
}

export function TicketNumber({ ticket, className }: { ticket: Shown; className?: string }) {
  const { t } = useTranslation('support');
  return (
    <Text size="sm" c="dimmed" span className={className}>
      {t('number', { id: ticket.ticket_id })}
    </Text>
  );
}

export function TicketCategory({ ticket }: { ticket: Shown }) {
  const { t } = useTranslation('support');
  return (
    <Text size="xs" c="dimmed">
      {t(`category.${ticket.category}`)}
    </Text>
  );
}
