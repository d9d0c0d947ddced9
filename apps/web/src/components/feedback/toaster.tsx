import '../../app/header-styles.ts';
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadErrorPage } from '../errors/load-error-page.ts';
import { toast } from './toast.tsx';

/** Whether a modal dialog is open, so toasts can move above it. */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(document.querySelector('[role="dialog"][aria-modal="true"]') !== null);
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-modal'],
    });
    check();
    return () => observer.disconnect();
  }, []);
  return open;
}

const OFFLINE_TOAST = 'offline';

// Fetched while the network is there: a page that fails to load offline shows the error page.
void loadErrorPage().catch(() => {});

/**
 * A toast that stays while the browser is offline: without it a send only spins (the request waits
 * for the connection) and a page not opened before fails to load, with nothing saying why.
 */
function useOfflineNotice() {
  const { t } = useTranslation('global');
  useEffect(() => {
    const update = () => {
      if (navigator.onLine) notifications.hide(OFFLINE_TOAST);
      else
        toast({
          id: OFFLINE_TOAST,
          color: 'orange',
          title: t('offline.title'),
          description: t('offline.text'),
          timeout: false,
        });
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, [t]);
}

/**
 * Toasts stack at the bottom end, full width on small screens and 24rem from the small breakpoint;
 * they sit below the header (z-order) or on top while a dialog is open.
 */
export function Toaster() {
  const theme = useMantineTheme();
  const small = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  const dialogOpen = useDialogOpen();
  useOfflineNotice();
  return (
    <Notifications
      position="bottom-right"
      limit={5}
      autoClose={5000}
      zIndex={dialogOpen ? 1000 : 90}
      containerWidth={small ? '100%' : '24rem'}
      styles={{ root: small ? { left: 0, right: 0, width: '100%', padding: 8 } : undefined }}
    />
  );
}
