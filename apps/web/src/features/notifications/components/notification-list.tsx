import '../../../app/mantine-full-styles.ts';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { Notification } from '@portaal/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { SaveFailed } from '../../../components/feedback/form-error.tsx';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { type NotificationFilter, notificationsQueries } from '../api/notifications-queries.ts';
import { useMarkAllNotificationsRead } from '../api/use-mark-all-notifications-read.ts';
import { useMarkNotification } from '../api/use-mark-notification.ts';
import { notificationText } from '../utils/notification-text.ts';
import { formatRelativeTime } from '../utils/relative-time.ts';
import { NotificationIcon } from './notification-icons.tsx';
import classes from './notifications.module.css';

/**
 * The content of the bell's popover: newest first, read and unread told apart by weight, a bar and a
 * dot (and a hidden word for screen readers), with paging, mark one or all, and an "unread" filter.
 */
export function NotificationList({
  titleId,
  onOpen,
}: {
  titleId: string;
  onOpen: (notification: Notification) => void;
}) {
  const { t } = useTranslation('global');
  const { api } = useSession();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useInfiniteQuery(notificationsQueries.list(api, filter));
  const summary = useQuery(notificationsQueries.summary(api));
  const markAll = useMarkAllNotificationsRead();
  const mark = useMarkNotification();
  const filterLabel = useId();

  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  // After "load more" the focus goes to the first new notification: the button may be gone by then
  // (last page), and the popover must keep the focus to hear Esc.
  const [focusIndex, setFocusIndex] = useState<number>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: tried again when more notifications render
  useEffect(() => {
    if (focusIndex === undefined) return;
    const target = listRef.current?.querySelectorAll<HTMLElement>('[data-notification-open]')[focusIndex];
    if (target) {
      target.focus();
      setFocusIndex(undefined);
    }
  }, [focusIndex, notifications.length]);
  const loadMore = () => {
    if (list.isFetchingNextPage) return;
    setFocusIndex(notifications.length);
    void list.fetchNextPage();
  };
  // Marked read under the "Unread" filter (or unread under a stale list), an item leaves the list
  // with the focus on its button; the focus goes to the item that took its place, the one before it,
  // or the title, so that it stays in the popover and Esc still closes it.
  const heading = useRef<HTMLHeadingElement>(null);
  const marked = useRef<{ button: HTMLElement; index: number }>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked whenever the list re-renders
  useEffect(() => {
    const last = marked.current;
    if (last === undefined || last.button.isConnected) return;
    marked.current = undefined;
    // Only when the focus left with the item: focus that went elsewhere meanwhile (the filter) stays.
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>('[data-notification-open]') ?? [];
    (items[Math.min(last.index, items.length - 1)] ?? heading.current)?.focus();
  }, [notifications.length, list.isPending]);
  const unread = summary.data?.unread ?? notifications.filter((item) => !item.read_at).length;
  const actionError = markAll.error ?? mark.error;

  return (
    <Stack gap={0}>
      <Stack gap="xs" className={classes.header}>
        {/* Wraps on narrow phones, where title and "mark all" do not fit on one line in Dutch. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={titleId} ref={heading} tabIndex={-1}>
            {t('notifications.title')}
          </Title>
          {/* aria-disabled rather than disabled (or loading, which disables): a disabled button
              drops the focus it has right after marking all, and the popover would then no longer
              hear Esc. */}
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => unread > 0 && !markAll.isPending && markAll.mutate()}
            data-disabled={unread === 0 || undefined}
            aria-disabled={unread === 0 || undefined}
            data-testid="notifications-read-all"
            className={classes.markAll}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <VisuallyHidden id={filterLabel}>{t('notifications.filter.label')}</VisuallyHidden>
        <SegmentedControl
          size="xs"
          fullWidth
          value={filter}
          onChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}
          data={[
            { value: 'all', label: t('notifications.filter.all') },
            { value: 'unread', label: t('notifications.filter.unread') },
          ]}
          aria-labelledby={filterLabel}
        />
      </Stack>
      {actionError && (
        <Box m="xs">
          <SaveFailed error={actionError} />
        </Box>
      )}
      {list.isPending ? (
        <Stack gap="sm" className={classes.state} role="status">
          <VisuallyHidden>{t('notifications.loading')}</VisuallyHidden>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={36} aria-hidden="true" />
          ))}
        </Stack>
      ) : list.isError && notifications.length === 0 ? (
        <Box m="xs">
          <LoadFailed
            title={t('notifications.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
            notFound={false}
          />
        </Box>
      ) : notifications.length === 0 ? (
        <Text className={classes.state} ta="center" c="dimmed" data-testid="notifications-empty">
          {filter === 'unread' ? t('notifications.emptyUnread') : t('notifications.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="min(60vh, 32rem)" type="auto">
          <ul className={classes.list} data-testid="notifications-list" ref={listRef}>
            {notifications.map((notification, index) => (
              <NotificationItem
                key={notification.notification_id}
                notification={notification}
                onOpen={onOpen}
                onMark={(read, button) => {
                  marked.current = { button, index };
                  mark.mutate({ notificationId: notification.notification_id, read });
                }}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <Group justify="center" className={classes.footer}>
              <Button
                size="compact-sm"
                variant="default"
                onClick={loadMore}
                aria-busy={list.isFetchingNextPage || undefined}
              >
                {t('notifications.loadMore')}
              </Button>
            </Group>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function NotificationItem({
  notification,
  onOpen,
  onMark,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onMark: (read: boolean, button: HTMLElement) => void;
}) {
  const { t, i18n } = useTranslation('global');
  const unread = notification.read_at === null;
  const markLabel = unread ? t('notifications.markRead') : t('notifications.markUnread');
  return (
    <li className={classes.item} data-unread={unread || undefined} data-testid="notification">
      <UnstyledButton className={classes.open} onClick={() => onOpen(notification)} data-notification-open>
        <span className={classes.dot} aria-hidden="true" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 700 : 400} className={classes.text}>
            <VisuallyHidden>{`${unread ? t('notifications.unread') : t('notifications.read')}: `}</VisuallyHidden>
            {notificationText(notification, t)}
          </Text>
          <Text size="xs" c="dimmed">
            {/* SPEC.md's DD-MM-YYYY HH:mm, with the age beside it for a quick read. */}
            <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
            {` · ${formatRelativeTime(notification.created_at, currentLanguage(i18n), t('notifications.justNow'))}`}
          </Text>
        </Stack>
      </UnstyledButton>
      <Tooltip label={markLabel}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={(event) => onMark(unread, event.currentTarget)}
          aria-label={markLabel}
        >
          <NotificationIcon name={unread ? 'markRead' : 'markUnread'} size={16} />
        </ActionIcon>
      </Tooltip>
    </li>
  );
}
