import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadError, LoadingLines } from '../../features/tickets/components/page-states.tsx';
import { isNotFound, NotFoundState } from '../feedback/page-states.tsx';
import classes from './list-shell.module.css';

/**
 * The list screens' shared parts (invoices, contracts, the landscape): the filter bar above a list,
 * the list section with its loading, error, empty and "load more" states, and a detail screen's
 * back link with its loading and error states. Each screen brings only its fields and its rows.
 */

/**
 * The card of search and filter fields above a list; the fields wrap on narrow screens. Fields line
 * up at their bottom, or at their top when a field has a description and may show an error below.
 */
export function FilterBar({
  align = 'flex-end',
  children,
}: {
  align?: 'flex-end' | 'flex-start';
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Group gap="sm" align={align} wrap="wrap">
        {children}
      </Group>
    </Card>
  );
}

/** What PagedList needs of a TanStack infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  error: unknown;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/**
 * A list section: its heading with "N shown" (a live status), placeholder lines while the first
 * page loads, the error with a retry, the empty state (distinguishing "nothing yet" from "nothing
 * matches"), the rows (dimmed while other filters load), and "load more".
 */
export function PagedList({
  id,
  title,
  query,
  count,
  shown,
  status,
  empty,
  loadMoreLabel,
  onLoadMore,
  allShown,
  loadingLines = 8,
  countTestId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  query: PagedQuery;
  count: number;
  /** The "N shown" text. */
  shown: string;
  /** Instead of nothing when the list is empty (e.g. a visually hidden "none"). */
  status?: ReactNode;
  empty: { title: string; text: string; testId: string };
  countTestId?: string;
  loadMoreLabel: string;
  /** Defaults to fetching the next page; a screen may move focus to the first new row after. */
  onLoadMore?: () => unknown;
  /** Said under the list once every page is there, when more than one page was loaded. */
  allShown?: string | false;
  loadingLines?: number;
  children: ReactNode;
}) {
  const loadMore = onLoadMore ?? (() => query.fetchNextPage());
  let body: ReactNode;
  if (query.isPending) body = <LoadingLines lines={loadingLines} height={20} />;
  else if (query.isError && !query.isFetchNextPageError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (count === 0) {
    body = (
      <Card withBorder padding="xl" radius="md" data-testid={empty.testId}>
        <Stack gap="xs">
          <Title order={3} size="h4">
            {empty.title}
          </Title>
          <Text c="dimmed">{empty.text}</Text>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        <div className={query.isPlaceholderData ? classes.fetching : undefined}>{children}</div>
        {query.isFetchNextPageError && <LoadError error={query.error} onRetry={() => void loadMore()} />}
        <LoadMore query={query} label={loadMoreLabel} onLoadMore={loadMore} allShown={allShown} />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={id} aria-busy={query.isFetching}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed" role="status" data-testid={countTestId}>
          {query.isSuccess && (count > 0 ? shown : status)}
        </Text>
      </Group>
      {body}
    </Stack>
  );
}

/** Under a paged list: "load more" while there is a next page, then (when given) that every row is shown. */
export function LoadMore({
  query,
  label,
  onLoadMore,
  allShown,
}: {
  query: Pick<PagedQuery, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  label: string;
  /** Defaults to fetching the next page. */
  onLoadMore?: () => unknown;
  allShown?: string | false;
}) {
  if (query.hasNextPage) {
    return (
      <Group justify="center">
        <Button
          variant="default"
          onClick={() => void (onLoadMore ?? (() => query.fetchNextPage()))()}
          loading={query.isFetchingNextPage}
        >
          {label}
        </Button>
      </Group>
    );
  }
  return allShown ? (
    <Text size="sm" c="dimmed" ta="center">
      {allShown}
    </Text>
  ) : null;
}

/** "← Back to …" above a detail screen. */
export function BackLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to={to} />} size="sm">
      ← {children}
    </Anchor>
  );
}

/**
 * A detail screen's states before its content: no right, loading, not found, or the error (with the
 * back link and a retry). Renders `children` with the data once it is there.
 */
export function DetailStates<T>({
  allowed,
  noRight,
  back,
  query,
  children,
}: {
  allowed: boolean;
  noRight: string;
  back: ReactNode;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch(): unknown };
  children: (data: T) => ReactNode;
}) {
  if (!allowed) return <Text>{noRight}</Text>;
  if (query.isPending) return <LoadingLines lines={10} height={20} />;
  if (query.isError && isNotFound(query.error)) return <NotFoundState error={query.error} back={back} />;
  if (query.isError || query.data === undefined) {
    return (
      <Stack gap="md">
        {back}
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
