import { Anchor, Button, Card, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Ticket, TicketObject } from '@portaal/contracts';
import { defaultAttachmentRules } from '@portaal/contracts/ticket-rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ticketsQueries } from '../api/tickets-queries.ts';
import type { AttachmentLimits } from './attachment-input.tsx';
import { BackLink } from './back-link.tsx';
import { LoadError, LoadingLines } from './page-states.tsx';
import { ReplyForm } from './reply-form.tsx';
import { TicketAssignment } from './ticket-assignment.tsx';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx';
import { TicketStatusActions } from './ticket-status-actions.tsx';
import { messageId, TicketThread } from './ticket-thread.tsx';
import { TicketWatchers, WatcherNames } from './ticket-watchers.tsx';

const fallbackLimits: AttachmentLimits = {
  extensions: defaultAttachmentRules.extensions,
  max_files: defaultAttachmentRules.maxFiles,
  max_total_bytes: defaultAttachmentRules.maxTotalBytes,
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The server or object a ticket is about: a link to its landscape page for users who may open it, its
 * name otherwise; its id when the landscape no longer knows it.
 */
function AboutObject({ object, customerId }: { object: TicketObject; customerId: number }) {
  const { t } = useTranslation('support');
  const session = useSession();
  const label = object.name ?? object.id;
  if (object.name === null) {
    return (
      <Text span>
        {label}{' '}
        <Text span c="dimmed" size="sm">
          {t('detail.objectGone')}
        </Text>
      </Text>
    );
  }
  if (!session.can({ customer: ['infra-read'] }, customerId)) return <Text span>{label}</Text>;
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/servers/system-landscape/$" params={{ _splat: object.id }} />
      )}
      data-testid="ticket-object-link"
      data-user-content
    >
      {label}
    </Anchor>
  );
}

/** /support/ticket/{id}: header, details, the thread and the reply form, of the selected customer. */
export function TicketDetailPage({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const selected = useSelectedCustomer();
  if (selected === undefined) {
    return (
      <Stack gap="md">
        <BackLink label={t('detail.back')} />
        <Title order={1}>{t('number', { id: ticketId })}</Title>
        <Text>{t('noSelection')}</Text>
      </Stack>
    );
  }
  return <TicketDetail key={selected.id} customerId={selected.id} ticketId={ticketId} />;
}

function TicketDetail({ customerId, ticketId }: { customerId: number; ticketId: number }) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const { api } = useSession();
  const query = useQuery({
    ...ticketsQueries.detail(api, customerId, ticketId),
    // A 404 from the loader's prefetch is the answer; asking again on mount would only repeat it.
    retryOnMount: false,
  });
  const heading = useRef<HTMLHeadingElement>(null);

  // Arriving here (from the list or after creating a ticket) leaves the focus nowhere; the title is
  // where a screen reader user expects to start.
  useEffect(() => {
    if (query.isSuccess && (document.activeElement === null || document.activeElement === document.body)) {
      heading.current?.focus();
    }
  }, [query.isSuccess]);

  if (query.isPending) {
    return (
      <Stack gap="lg">
        <BackLink label={t('detail.back')} />
        <Title order={1}>
          <VisuallyHidden>{t('number', { id: ticketId })}</VisuallyHidden>
        </Title>
        <LoadingLines lines={10} height={18} />
      </Stack>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md" align="flex-start">
        <BackLink label={t('detail.back')} />
        {notFound ? (
          <Card withBorder padding="xl" radius="md" w="100%" data-testid="ticket-not-found">
            <Stack gap="sm" align="flex-start">
              <Title order={1}>{t('detail.notFoundTitle', { id: ticketId })}</Title>
              <Text>{errorText(query.error)}</Text>
              <Button component={Link} to="/support" variant="default">
                {t('detail.backToList')}
              </Button>
            </Stack>
          </Card>
        ) : (
          <>
            <Title order={1}>{t('number', { id: ticketId })}</Title>
            <LoadError error={query.error} onRetry={() => void query.refetch()} />
          </>
        )}
      </Stack>
    );
  }
  return <TicketView ticket={query.data} customerId={customerId} headingRef={heading} />;
}

function TicketView({
  ticket,
  customerId,
  headingRef,
}: {
  ticket: Ticket;
  customerId: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const requestTypes = useQuery({
    ...ticketsQueries.requestTypes(api, customerId),
    enabled: ticket.can_reply,
  });
  const [focusMessage, setFocusMessage] = useState<number>();

  // After a reply: the focus goes to the new message, so the reader hears what was added.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tried again when the thread re-renders with the message
  useEffect(() => {
    if (focusMessage === undefined) return;
    const element = document.getElementById(messageId(focusMessage));
    if (element) {
      element.focus();
      setFocusMessage(undefined);
    }
  }, [focusMessage, ticket]);

  const onSent = (updated: Ticket) => {
    // Message ids grow with every message, so the highest is the one just written.
    const ids = updated.messages.map((message) => message.message_id);
    setFocusMessage(ids.length > 0 ? Math.max(...ids) : undefined);
  };

  return (
    <Stack gap="lg">
      <BackLink label={t('detail.back')} />
      <header>
        <Text size="sm" c="dimmed" fw={600}>
          {t('number', { id: ticket.ticket_id })}
        </Text>
        <Title
          order={1}
          ref={headingRef}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere', outline: 'none' }}
          data-user-content
        >
          {ticket.subject}
        </Title>
        <Group gap="xs" mt="xs">
          <TicketStatusBadge status={ticket.status} size="lg" withLabel />
          <TicketPriorityBadge priority={ticket.priority} size="lg" withLabel />
        </Group>
      </header>
      {/* The details panel gets 5 of 12 columns: at 4 (about 270 px of text at 1280 px) the values
          had room for a single long word only. */}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Card
            withBorder
            padding="lg"
            radius="md"
            component="section"
            aria-labelledby="ticket-details-title"
          >
            <Title order={2} size="h3" id="ticket-details-title" mb="md">
              {t('detail.details')}
            </Title>
            <Stack gap="md">
              <DataList
                fitContainer
                items={[
                  { label: t('fields.category'), value: t(`category.${ticket.category}`) },
                  ...(ticket.landscape_object
                    ? [
                        {
                          label: t('fields.object'),
                          value: <AboutObject object={ticket.landscape_object} customerId={customerId} />,
                        },
                      ]
                    : []),
                  { label: t('fields.department'), value: t(`department.${ticket.department}`) },
                  { label: t('fields.created'), value: formatDateTime(ticket.created_at) },
                  { label: t('fields.updated'), value: formatDateTime(ticket.updated_at) },
                  { label: t('fields.author'), value: ticket.author.name },
                  {
                    label: t('assignment.handledBy'),
                    value: ticket.handled_by?.name ?? (
                      <Text span c="dimmed" fs="italic">
                        {t('assignment.nobody')}
                      </Text>
                    ),
                  },
                  {
                    label: t('fields.watchers'),
                    value: ticket.can_reply ? (
                      <TicketWatchers ticket={ticket} customerId={customerId} />
                    ) : (
                      <WatcherNames ticket={ticket} />
                    ),
                  },
                ]}
              />
              <TicketStatusActions ticket={ticket} customerId={customerId} />
              {ticket.can_write_internal && <TicketAssignment ticket={ticket} customerId={customerId} />}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="xl">
            <Section id="thread-title" title={t('detail.thread')}>
              <TicketThread ticket={ticket} customerId={customerId} />
            </Section>
            <Section id="reply-title" title={t('reply.title')}>
              {ticket.can_reply ? (
                <Card withBorder padding="lg" radius="md">
                  <ReplyForm
                    ticket={ticket}
                    customerId={customerId}
                    attachmentLimits={requestTypes.data?.attachments ?? fallbackLimits}
                    onSent={onSent}
                  />
                </Card>
              ) : (
                <Text c="dimmed">{t('reply.cannotReply')}</Text>
              )}
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
