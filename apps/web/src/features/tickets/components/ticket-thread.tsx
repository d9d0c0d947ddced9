import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Ticket, TicketMessage } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { MessageAttachments } from './message-attachments.tsx';
import classes from './tickets.module.css';

export const messageId = (id: number) => `message-${id}`;

/** A status change with no text: a line in the thread, not a message card. */
function StatusEvent({ message }: { message: TicketMessage }) {
  const { t } = useTranslation('support');
  const status = message.status_change ?? 'open';
  return (
    <li className={classes.event} id={messageId(message.message_id)} tabIndex={-1}>
      <span>
        {t('detail.statusChanged', {
          name: message.author.name,
          status: t(`status.${status}`),
        })}{' '}
        · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </span>
    </li>
  );
}

/** An assignment (staff only; internal): a line in the thread. */
function AssignmentEvent({ message }: { message: TicketMessage }) {
  const { t } = useTranslation('support');
  const assignee = message.assignment?.assignee;
  return (
    <li
      className={classes.event}
      id={messageId(message.message_id)}
      tabIndex={-1}
      data-testid="assignment-event"
    >
      <span>
        {assignee
          ? t('assignment.event', { actor: message.author.name, name: assignee.name })
          : t('assignment.eventCleared', { actor: message.author.name })}{' '}
        · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </span>
    </li>
  );
}

function Message({
  ticket,
  message,
  customerId,
}: {
  ticket: Ticket;
  message: TicketMessage;
  customerId: number;
}) {
  const { t } = useTranslation('support');
  const className = [
    classes.message,
    message.author.staff && classes.staff,
    message.internal && classes.internal,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      radius="md"
      className={className}
      id={messageId(message.message_id)}
      tabIndex={-1}
      data-testid="ticket-message"
      data-internal={message.internal || undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} component="span">
              {message.author.name}
            </Text>
            {message.author.staff && (
              <Badge variant="light" color="blue" size="sm">
                {t('detail.serviceDesk')}
              </Badge>
            )}
            {message.internal && (
              <Badge variant="filled" color="yellow" c="dark.9" size="sm">
                {t('detail.internal')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={message.created_at}>
            {formatDateTime(message.created_at)}
          </Text>
        </Group>
        {message.internal && (
          <Text size="xs" c="dimmed">
            {t('detail.internalHint')}
          </Text>
        )}
        <Text className={classes.body} data-user-content>
          {message.body}
        </Text>
        {message.status_change && (
          <Text size="sm" c="dimmed">
            {t('detail.statusChangedShort', { status: t(`status.${message.status_change}`) })}
          </Text>
        )}
        <MessageAttachments
          customerId={customerId}
          ticketId={ticket.ticket_id}
          attachments={message.attachments}
        />
      </Stack>
    </Card>
  );
}

/** The thread, oldest first: messages, internal notes (staff only; the API leaves them out for others), status events. */
export function TicketThread({ ticket, customerId }: { ticket: Ticket; customerId: number }) {
  // By time, not by localeCompare: a first collation in the tab costs ICU's collation data (decision 0045).
  const messages = [...ticket.messages].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.message_id - b.message_id,
  );
  return (
    <ol className={classes.thread} data-testid="ticket-thread">
      {messages.map((message) =>
        message.assignment ? (
          <AssignmentEvent key={message.message_id} message={message} />
        ) : message.body.trim() === '' && message.status_change && message.attachments.length === 0 ? (
          <StatusEvent key={message.message_id} message={message} />
        ) : (
          <Message key={message.message_id} ticket={ticket} message={message} customerId={customerId} />
        ),
      )}
    </ol>
  );
}
