import { ActionIcon, Indicator, Loader, Popover, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@portaal/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { notificationsQueries } from '../api/notifications-queries.ts';
import { useOpenNotification } from '../hooks/use-open-notification.ts';
import { NotificationIcon } from './notification-icons.tsx';
import classes from './notifications.module.css';

// The list (and what only it needs) loads on the first opening: the header stays light.
const NotificationList = lazy(() =>
  import('./notification-list.tsx').then((module) => ({ default: module.NotificationList })),
);

/** Above this the badge says "9+"; the accessible name keeps the exact number. */
export const BADGE_MAX = 9;

/**
 * The header's bell: the unread count as a badge, the list in a popover. `onOpen` runs when a
 * notification is opened, before the app goes to its ticket.
 */
export function NotificationBell({ onOpen }: { onOpen?: (notification: Notification) => unknown } = {}) {
  const { t } = useTranslation('global');
  const { api } = useSession();
  const [opened, setOpened] = useState(false);
  const summary = useQuery(notificationsQueries.summary(api));
  const openNotification = useOpenNotification(onOpen);
  const titleId = useId();
  const unread = summary.data?.unread ?? 0;
  // The count could not be asked at all (the API is down at the start): the bell stays, marked, so
  // that no badge does not read as no news. A failed poll later keeps the last count it had.
  const failed = summary.isLoadingError;
  const label = failed
    ? t('notifications.summaryFailed')
    : unread > 0
      ? t('notifications.bellUnread', { unread })
      : t('notifications.bell');

  const open = (notification: Notification) => {
    setOpened(false);
    void openNotification(notification);
  };

  return (
    <Indicator
      label={<span aria-hidden="true">{failed ? '!' : unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</span>}
      disabled={!failed && unread === 0}
      size={18}
      offset={4}
      // A quiet mark when failed: grey, not the red of news.
      color={failed ? 'gray.7' : 'red.7'}
      withBorder
      inline
      styles={{ indicator: { fontSize: 'var(--mantine-font-size-2xs)', fontWeight: 700 } }}
      data-testid="notification-badge"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        // The bell sits in the fixed header, so it never scrolls out of view; detaching checks would
        // only misfire where nothing is laid out (jsdom).
        hideDetached={false}
        withinPortal
        trapFocus
        returnFocus
        shadow="md"
      >
        {/* Outside the target: Popover.Target passes the tooltip's handlers on, not the other way round. */}
        <Tooltip
          label={label}
          disabled={!failed || opened}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => {
                // Opening the list asks again; the count follows the same way.
                if (failed) void summary.refetch();
                setOpened((value) => !value);
              }}
              aria-label={label}
              data-testid="notification-bell"
              data-failed={failed || undefined}
            >
              <NotificationIcon name="bell" size={20} />
            </ActionIcon>
          </Popover.Target>
        </Tooltip>
        <Popover.Dropdown
          className={classes.dropdown}
          // Phones get (almost) the full width; wider screens a 24rem panel.
          style={{ width: 'min(24rem, calc(100vw - 1rem))' }}
          aria-labelledby={titleId}
        >
          <Suspense
            fallback={
              <div className={classes.state} role="status">
                <Loader size="sm" />
                <VisuallyHidden>{t('notifications.loading')}</VisuallyHidden>
              </div>
            }
          >
            <NotificationList titleId={titleId} onOpen={open} />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
