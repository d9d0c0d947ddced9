import { Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { access } from '../../../app/navigation.ts';
import { useSelectedCustomer, useSession } from '../../../app/session.ts';
import { StaticPageHeading } from '../../../components/layout/page-heading.tsx';
import { LoadMore } from '../../../components/list-shell/list-shell.tsx';
import { ticketsQueries } from '../api/tickets-queries.ts';
import {
  filtersFromSearch,
  hasFilters,
  listSections,
  noFilters,
  type SupportSearch,
  searchFromFilters,
  type TicketFilters,
} from '../utils/search-params.ts';
import { Icon } from './icons.tsx';
import { LoadError, LoadingLines } from './page-states.tsx';
import { TicketFiltersBar } from './ticket-filters.tsx';
import { TicketCards, TicketTable, ticketLinkId } from './ticket-list.tsx';
import classes from './tickets.module.css';

/** The table needs about this much room; below it the tickets stack as cards. */
export const WIDE_LIST_QUERY = '(min-width: 48em)';

/** /support: the tickets of the selected customer, with search, filters and "load more" paging. */
export function SupportPage({
  search,
  onSearchChange,
}: {
  search: SupportSearch;
  onSearchChange: (search: SupportSearch) => void;
}) {
  const { t } = useTranslation('support');
  const session = useSession();
  const selected = useSelectedCustomer();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const sections = useMemo(() => listSections(filters), [filters]);
  const canCreate = selected !== undefined && session.can(access.newTicket, selected.id);
  const setFilters = (next: TicketFilters) => onSearchChange(searchFromFilters(next));
  const searchInput = useRef<HTMLInputElement>(null);
  // "Clear filters" disappears once the filters are gone; the focus goes to the search field, where
  // a new search starts, instead of falling to the page body.
  const clearFilters = () => {
    setFilters(noFilters);
    searchInput.current?.focus();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <StaticPageHeading path="/support" />
        {canCreate && (
          <Button component={Link} to="/support/new-ticket" leftSection={<Icon name="plus" />}>
            {t('list.newTicket')}
          </Button>
        )}
      </Group>
      {selected === undefined ? (
        <Text>{t('noSelection')}</Text>
      ) : (
        <>
          <Card withBorder padding="md" radius="md">
            <TicketFiltersBar
              filters={filters}
              typed={search.q}
              onChange={setFilters}
              onClear={clearFilters}
              searchRef={searchInput}
            />
          </Card>
          {/* A new key per customer: another customer's pages and cursors must not carry over. */}
          {sections.awaiting === undefined ? (
            <TicketResults
              key={selected.id}
              customerId={selected.id}
              filters={sections.list}
              canCreate={canCreate}
              onClear={clearFilters}
            />
          ) : (
            // No status chosen: what awaits the user's reply first, then the other open tickets
            // (and the closed ones when asked for).
            <AwaitingThenList
              key={selected.id}
              customerId={selected.id}
              awaiting={sections.awaiting}
              list={sections.list}
              canCreate={canCreate}
              onClear={clearFilters}
              filtered={hasFilters({ ...filters, closed: false })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * What awaits the user's reply, then the list. The list waits until the section above has loaded, so
 * it never moves down when that section appears. The state it waits on is read here, where both
 * render: read by the list itself, the cache could already hold the answer (the list re-rendering
 * for its own answer) while the section above, told in a later batch, still showed its skeleton, and
 * the list then jumped down once that section filled in (Lighthouse measured CLS 0.19 on a phone).
 */
function AwaitingThenList({
  customerId,
  awaiting,
  list,
  canCreate,
  onClear,
  filtered,
}: {
  customerId: number;
  awaiting: TicketFilters;
  list: TicketFilters;
  canCreate: boolean;
  onClear: () => void;
  filtered: boolean;
}) {
  const { api } = useSession();
  // The same query as the awaiting section's (shared by key): only its state is read here.
  const above = useInfiniteQuery({
    ...ticketsQueries.list(api, customerId, awaiting),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <TicketResults
        customerId={customerId}
        filters={awaiting}
        canCreate={canCreate}
        onClear={onClear}
        section="awaiting"
      />
      <TicketResults
        customerId={customerId}
        abovePending={above.isPending}
        filters={list}
        canCreate={canCreate}
        onClear={onClear}
        filtered={filtered}
      />
    </>
  );
}

function TicketResults({
  customerId,
  filters,
  canCreate,
  onClear,
  section = 'list',
  abovePending = false,
  filtered: filteredByUser,
}: {
  customerId: number;
  filters: TicketFilters;
  canCreate: boolean;
  onClear: () => void;
  /** "awaiting": the tickets awaiting the user's reply, shown above the list only when there are any. */
  section?: 'list' | 'awaiting';
  /** The section above this one is still loading (it shows the skeleton; this list waits). */
  abovePending?: boolean;
  /** Whether the user chose filters (the list's own status choice aside). */
  filtered?: boolean;
}) {
  const { t } = useTranslation('support');
  const { api } = useSession();
  const query = useInfiniteQuery({
    ...ticketsQueries.list(api, customerId, filters),
    // The old list stays (dimmed) while a new search loads, instead of jumping to a skeleton.
    placeholderData: keepPreviousData,
  });
  const wide = useMediaQuery(WIDE_LIST_QUERY, true, { getInitialValueInEffect: false });
  const tickets = useMemo(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);

  const [focusTicket, setFocusTicket] = useState<number>();

  // Keyboard users continue at the first ticket that was added (once it is on the screen).
  // biome-ignore lint/correctness/useExhaustiveDependencies: tried again when the list re-renders with the new page
  useEffect(() => {
    if (focusTicket === undefined) return;
    const link = document.getElementById(ticketLinkId(focusTicket));
    if (link) {
      link.focus();
      setFocusTicket(undefined);
    }
  }, [focusTicket, tickets]);

  const loadMore = async () => {
    const firstNew = tickets.length;
    const result = await query.fetchNextPage();
    setFocusTicket(result.data?.pages.flatMap((page) => page.tickets)[firstNew]?.ticket_id);
  };

  const filtered = filteredByUser ?? hasFilters(filters);
  const titleId = section === 'awaiting' ? 'tickets-awaiting-title' : 'tickets-title';
  // The default list holds open tickets only: "nothing open" is not "no tickets yet". With none open,
  // the list with the closed ones (the switch's, so cached for it) tells which of the two it is.
  const openOnly = filteredByUser !== undefined && !filters.closed;
  const noneOpen = openOnly && !filtered && query.isSuccess && tickets.length === 0;
  const withClosed = useInfiniteQuery({
    ...ticketsQueries.list(api, customerId, {
      ...filters,
      status: [...filters.status, 'closed'],
      closed: true,
    }),
    enabled: noneOpen,
  });
  const noneAtAll = openOnly && withClosed.isSuccess && withClosed.data.pages[0]?.tickets.length === 0;
  const emptyTitle = filtered
    ? t('list.noMatchTitle')
    : openOnly && !noneAtAll
      ? t('list.noOpenTitle')
      : t('list.emptyTitle');

  // The awaiting section is there only when something awaits the user. While it loads it holds the
  // skeleton in its place and the list below waits: whichever shows first, nothing moves.
  if (section === 'awaiting') {
    if (query.isPending) return <LoadingLines lines={8} height={20} />;
    if (query.isError || tickets.length === 0) return null;
  }
  if (abovePending) return null;

  let body: ReactNode;
  if (query.isPending || (noneOpen && withClosed.isPending)) {
    body = <LoadingLines lines={8} height={20} />;
  } else if (query.isError && !query.isFetchNextPageError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (tickets.length === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid="tickets-empty">
        <Stack gap="xs" align="flex-start">
          <Title order={3} size="h4">
            {emptyTitle}
          </Title>
          <Text c="dimmed">
            {filtered
              ? t('list.noMatchText')
              : openOnly && !noneAtAll
                ? t('list.noOpenText')
                : t('list.emptyText')}
          </Text>
          {filtered ? (
            <Button variant="default" onClick={onClear} mt="xs">
              {t('list.clear')}
            </Button>
          ) : (
            canCreate && (
              <Button component={Link} to="/support/new-ticket" variant="default" mt="xs">
                {t('list.newTicket')}
              </Button>
            )
          )}
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        <div className={query.isPlaceholderData ? classes.fetching : undefined}>
          {wide ? <TicketTable tickets={tickets} /> : <TicketCards tickets={tickets} />}
        </div>
        {query.isFetchNextPageError && <LoadError error={query.error} onRetry={() => void loadMore()} />}
        <LoadMore
          query={query}
          label={t('list.loadMore')}
          onLoadMore={loadMore}
          allShown={query.data.pages.length > 1 && t('list.allShown')}
        />
      </Stack>
    );
  }

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={titleId}
      aria-busy={query.isFetching && !query.isFetchingNextPage}
      data-testid={section === 'awaiting' ? 'tickets-awaiting' : 'tickets-list'}
    >
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id={titleId}>
          {section === 'awaiting' ? t('list.awaitingTitle') : t('list.title')}
        </Title>
        {/* A polite live region: screen readers hear the count after each search, and that nothing
            was found (which the card below shows; here it is only heard). */}
        <Text
          size="sm"
          c="dimmed"
          role="status"
          data-testid={section === 'awaiting' ? 'tickets-awaiting-count' : 'tickets-count'}
        >
          {query.isSuccess &&
            (tickets.length > 0 ? (
              t('list.shown', { count: tickets.length })
            ) : (
              <VisuallyHidden>{emptyTitle}</VisuallyHidden>
            ))}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}
