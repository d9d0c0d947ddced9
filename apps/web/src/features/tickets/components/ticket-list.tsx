import { Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TicketSummary } from '@portaal/contracts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { Icon } from './icons.tsx';
import { TicketCardHead, TicketCategory, TicketLeadCells, TicketStateCells } from './ticket-cells.tsx';
import classes from './tickets.module.css';

export const ticketLinkId = (ticketId: number) => `ticket-link-${ticketId}`;

/** "3 messages, 1 attachment": small counts with icons; the words are there for screen readers. */
function Activity({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation('support');
  return (
    <Group gap="sm" wrap="nowrap" c="dimmed">
      <Group gap={4} wrap="nowrap" aria-hidden="true">
        <Icon name="message" size={14} />
        <Text size="sm" span>
          {ticket.message_count}
        </Text>
      </Group>
      {ticket.attachment_count > 0 && (
        <Group gap={4} wrap="nowrap" aria-hidden="true">
          <Icon name="paperclip" size={14} />
          <Text size="sm" span>
            {ticket.attachment_count}
          </Text>
        </Group>
      )}
      <VisuallyHidden>
        {[
          t('list.messages', { count: ticket.message_count }),
          ticket.attachment_count > 0 ? t('list.attachments', { count: ticket.attachment_count }) : '',
        ]
          .filter(Boolean)
          .join(', ')}
      </VisuallyHidden>
    </Group>
  );
}

function TicketLink({ ticket }: { ticket: TicketSummary }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/support/ticket/$id" params={{ id: String(ticket.ticket_id) }} />
      )}
      className={classes.rowLink}
      id={ticketLinkId(ticket.ticket_id)}
      underline="hover"
      data-user-content
    >
      {ticket.subject}
    </Anchor>
  );
}

/** Wide screens: a table, one row per ticket; the subject links to the ticket and covers the row. */
export function TicketTable({ tickets }: { tickets: TicketSummary[] }) {
  const { t } = useTranslation('support');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover={false} data-testid="ticket-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fields.number')}</Table.Th>
            <Table.Th scope="col">{t('fields.subject')}</Table.Th>
            <Table.Th scope="col">{t('fields.status')}</Table.Th>
            <Table.Th scope="col">{t('fields.priority')}</Table.Th>
            <Table.Th scope="col">{t('fields.updated')}</Table.Th>
            <Table.Th scope="col">{t('fields.author')}</Table.Th>
            <Table.Th scope="col">{t('fields.activity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.ticket_id} className={classes.row}>
              <TicketLeadCells ticket={ticket} link={<TicketLink ticket={ticket} />} />
              <TicketStateCells ticket={ticket} />
              <Table.Td className={classes.nowrap}>
                <Text size="sm" span>
                  {formatDateTime(ticket.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" span>
                    {ticket.author.name}
                  </Text>
                  <Text size="xs" c="dimmed" span>
                    {t('list.lastBy', { who: t(`list.lastByValue.${ticket.last_reply_by}`) })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Activity ticket={ticket} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per ticket, stacked; the same single link per ticket. */
export function TicketCards({ tickets }: { tickets: TicketSummary[] }) {
  const { t } = useTranslation('support');
  return (
    <ul className={classes.cards} data-testid="ticket-cards">
      {tickets.map((ticket) => (
        <Card key={ticket.ticket_id} component="li" withBorder padding="sm" className={classes.row}>
          <Stack gap={6}>
            <TicketCardHead ticket={ticket} />
            <TicketLink ticket={ticket} />
            <TicketCategory ticket={ticket} />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('list.byUpdated', { name: ticket.author.name, time: formatDateTime(ticket.updated_at) })}
                {' · '}
                {t('list.lastBy', { who: t(`list.lastByValue.${ticket.last_reply_by}`) })}
              </Text>
              <Activity ticket={ticket} />
            </Group>
          </Stack>
        </Card>
      ))}
    </ul>
  );
}
