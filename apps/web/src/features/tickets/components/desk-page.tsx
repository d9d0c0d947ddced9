import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { DeskTicket } from '@portaal/contracts';
import { type DeskView, deskViews, openTicketStatuses } from '@portaal/contracts/desk-rules';
import { ticketCategories, ticketPriorities } from '@portaal/contracts/ticket-rules';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSession } from '../../../app/session.ts';
import { LoadMore } from '../../../components/list-shell/list-shell.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { deskQueries } from '../api/desk-queries.ts';
import {
  type DeskFilters,
  type DeskSearch,
  deskFiltersFromSearch,
  deskSearchFromFilters,
} from '../utils/desk-search.ts';
import { LoadError, LoadingLines } from './page-states.tsx';
import { WIDE_LIST_QUERY } from './support-page.tsx';
import { TicketCardHead, TicketLeadCells, TicketStateCells } from './ticket-cells.tsx';
import classes from './tickets.module.css';

const ALL = 'all';

// Loaded when opened: its form brings code the queue does not need.
const SavedRepliesPage = lazy(() =>
  import('./saved-replies-page.tsx').then((module) => ({ default: module.SavedRepliesPage })),
);

/** /admin/tickets: the service desk's queue over all customers, most urgent first (staff only). */
export function DeskPage(props: { search: DeskSearch; onSearchChange: (next: DeskSearch) => void }) {
  // The saved replies are managed on this screen rather than a route of their own: a route would add
  // to the start bundle, which is at its limit.
  const [savedReplies, setSavedReplies] = useState(false);
  if (savedReplies) {
    return (
      <Suspense fallback={<LoadingLines />}>
        <SavedRepliesPage onBack={() => setSavedReplies(false)} />
      </Suspense>
    );
  }
  return <DeskQueue {...props} onSavedReplies={() => setSavedReplies(true)} />;
}

function DeskQueue({
  search,
  onSearchChange,
  onSavedReplies,
}: {
  search: DeskSearch;
  onSearchChange: (next: DeskSearch) => void;
  onSavedReplies: () => void;
}) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const filters = useMemo(() => deskFiltersFromSearch(search), [search]);
  const setFilters = (next: DeskFilters) => onSearchChange(deskSearchFromFilters(next));
  const counts = useQuery(deskQueries.counts(api, filters));
  const views: (DeskView | typeof ALL)[] = [ALL, ...deskViews];
  const countOf = (view: DeskView | typeof ALL) => counts.data?.[view === ALL ? 'open' : view];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('desk.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('desk.intro')}
          </Text>
        </div>
        <Button variant="default" onClick={onSavedReplies}>
          {t('savedReplies.open')}
        </Button>
      </Group>
      <nav aria-label={t('desk.views')}>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="xs" data-testid="desk-views">
          {views.map((view) => {
            const active = (filters.view ?? ALL) === view;
            const count = countOf(view);
            return (
              <UnstyledButton
                key={view}
                className={classes.viewButton}
                data-active={active || undefined}
                data-tone={view === 'overdue' && (count ?? 0) > 0 ? 'critical' : undefined}
                aria-current={active ? 'true' : undefined}
                onClick={() => setFilters({ ...filters, view: view === ALL ? undefined : view })}
                data-testid={`desk-view-${view}`}
              >
                <Text size="sm" fw={600} span>
                  {t(`desk.view.${view}`)}
                </Text>
                {/* A fixed-height figure: the buttons do not jump when the counts arrive. */}
                <Text size="xl" fw={700} span className={classes.viewCount} aria-live="polite">
                  {count ?? '–'}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </nav>
      <Card withBorder padding="md" radius="md">
        <DeskFiltersBar key={filters.customer ?? 0} filters={filters} onChange={setFilters} />
      </Card>
      <DeskResults filters={filters} onCustomer={(customer) => setFilters({ ...filters, customer })} />
    </Stack>
  );
}

function DeskFiltersBar({
  filters,
  onChange,
}: {
  filters: DeskFilters;
  onChange: (next: DeskFilters) => void;
}) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const { userInfo } = useAuthState();
  const staff = useQuery(deskQueries.staff(api));
  const [customer, setCustomer] = useState(filters.customer ? String(filters.customer) : '');
  const assignees = [
    { value: 'none', label: t('desk.unassigned') },
    ...(staff.data ?? []).map((member) => ({
      value: member.user_id,
      label: member.user_id === userInfo?.id ? t('desk.me', { name: member.name }) : member.name,
    })),
  ];
  const applyCustomer = () => {
    const id = Number(customer);
    onChange({ ...filters, customer: Number.isInteger(id) && id > 0 ? id : undefined });
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      <TextInput
        label={t('desk.customer')}
        placeholder={t('desk.customerPlaceholder')}
        inputMode="numeric"
        value={customer}
        onChange={(event) => setCustomer(event.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
        onBlur={applyCustomer}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applyCustomer();
        }}
      />
      <MultiSelect
        label={t('fields.status')}
        placeholder={t('list.all')}
        data={openTicketStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        value={filters.status}
        onChange={(values) =>
          onChange({ ...filters, status: openTicketStatuses.filter((s) => values.includes(s)) })
        }
        clearable
      />
      <MultiSelect
        label={t('fields.priority')}
        placeholder={t('list.all')}
        data={ticketPriorities.map((value) => ({ value: String(value), label: t(`priority.${value}`) }))}
        value={filters.priority.map(String)}
        onChange={(values) =>
          onChange({ ...filters, priority: ticketPriorities.filter((p) => values.includes(String(p))) })
        }
        clearable
      />
      <MultiSelect
        label={t('fields.category')}
        placeholder={t('list.all')}
        data={ticketCategories.map((value) => ({ value, label: t(`category.${value}`) }))}
        value={filters.category}
        onChange={(values) =>
          onChange({ ...filters, category: ticketCategories.filter((c) => values.includes(c)) })
        }
        clearable
      />
      <Select
        label={t('desk.assignee')}
        placeholder={t('list.all')}
        data={assignees}
        value={filters.assignee ?? null}
        onChange={(value) => onChange({ ...filters, assignee: value ?? undefined })}
        clearable
      />
    </SimpleGrid>
  );
}

function DeskResults({ filters, onCustomer }: { filters: DeskFilters; onCustomer: (id: number) => void }) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const query = useInfiniteQuery({ ...deskQueries.queue(api, filters), placeholderData: keepPreviousData });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const tickets = useMemo(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingLines lines={8} height={20} />;
  else if (query.isError && !query.isFetchNextPageError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (tickets.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid="desk-empty">
        <Title order={2} size="h4">
          {t('desk.emptyTitle')}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('desk.emptyText')}
        </Text>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {wide ? (
          <DeskTable tickets={tickets} onCustomer={onCustomer} />
        ) : (
          <DeskCards tickets={tickets} onCustomer={onCustomer} />
        )}
        <LoadMore query={query} label={t('list.loadMore')} allShown={t('list.allShown')} />
      </Stack>
    );
  }
  return (
    <section aria-label={t('desk.results')} aria-busy={query.isFetching}>
      {body}
    </section>
  );
}

function TicketLink({ ticket }: { ticket: DeskTicket }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link
          {...props}
          to="/support/ticket/$id"
          params={{ id: String(ticket.ticket_id) }}
          search={{ customer: ticket.customer_id }}
        />
      )}
      underline="hover"
      data-user-content
    >
      {ticket.subject}
    </Anchor>
  );
}

function CustomerButton({ ticket, onCustomer }: { ticket: DeskTicket; onCustomer: (id: number) => void }) {
  const { t } = useTranslation('support');
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => onCustomer(ticket.customer_id)}
      w="fit-content"
      ta="left"
      aria-label={t('desk.filterCustomer', { name: ticket.customer_name })}
      data-user-content
    >
      {ticket.customer_name}
    </Anchor>
  );
}

/** Overdue, due at, or waiting for the customer; always in words, never colour alone. */
function Due({ ticket }: { ticket: DeskTicket }) {
  const { t } = useTranslation('support');
  if (ticket.desk_due_at === null) {
    return (
      <Text size="sm" c="dimmed" span>
        {t('desk.waitingCustomer')}
      </Text>
    );
  }
  if (ticket.overdue) {
    return (
      <Badge color="red" variant="light" miw="max-content">
        {t('desk.overdueSince', { time: formatDateTime(ticket.desk_due_at) })}
      </Badge>
    );
  }
  return (
    <Text size="sm" span>
      {t('desk.dueAt', { time: formatDateTime(ticket.desk_due_at) })}
    </Text>
  );
}

function DeskTable({ tickets, onCustomer }: { tickets: DeskTicket[]; onCustomer: (id: number) => void }) {
  const { t } = useTranslation('support');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" data-testid="desk-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fields.number')}</Table.Th>
            <Table.Th scope="col">{t('fields.subject')}</Table.Th>
            <Table.Th scope="col">{t('desk.customer')}</Table.Th>
            <Table.Th scope="col">{t('fields.status')}</Table.Th>
            <Table.Th scope="col">{t('fields.priority')}</Table.Th>
            <Table.Th scope="col">{t('desk.due')}</Table.Th>
            <Table.Th scope="col">{t('desk.lastBy')}</Table.Th>
            <Table.Th scope="col">{t('desk.assignee')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.ticket_id} data-testid={`desk-row-${ticket.ticket_id}`}>
              <TicketLeadCells ticket={ticket} link={<TicketLink ticket={ticket} />} />
              <Table.Td>
                {/* Room for a usual company name on one line (Bakkerij De Gouden Korst B.V.), which the
                    subject's column squeezed into three; a longer one still wraps. */}
                <Box miw="14rem">
                  <CustomerButton ticket={ticket} onCustomer={onCustomer} />
                </Box>
              </Table.Td>
              <TicketStateCells ticket={ticket} />
              <Table.Td className={classes.nowrap}>
                <Due ticket={ticket} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" span>
                  {t(`desk.lastByValue.${ticket.last_reply_by}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" span c={ticket.assignee ? undefined : 'dimmed'}>
                  {ticket.assignee?.name ?? t('desk.unassigned')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeskCards({ tickets, onCustomer }: { tickets: DeskTicket[]; onCustomer: (id: number) => void }) {
  const { t } = useTranslation('support');
  return (
    <ul className={classes.cards} data-testid="desk-cards">
      {tickets.map((ticket) => (
        <Card
          key={ticket.ticket_id}
          component="li"
          withBorder
          padding="sm"
          data-testid={`desk-row-${ticket.ticket_id}`}
        >
          <Stack gap={6}>
            <TicketCardHead ticket={ticket} />
            <TicketLink ticket={ticket} />
            <CustomerButton ticket={ticket} onCustomer={onCustomer} />
            <Due ticket={ticket} />
            <Text size="sm" c="dimmed">
              {t('desk.cardLine', {
                last: t(`desk.lastByValue.${ticket.last_reply_by}`),
                assignee: ticket.assignee?.name ?? t('desk.unassigned'),
              })}
            </Text>
          </Stack>
        </Card>
      ))}
    </ul>
  );
}
