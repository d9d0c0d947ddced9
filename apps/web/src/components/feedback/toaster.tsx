import '../../app/header-styles.ts';
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

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

/**
 * Toasts stack at the bottom end, full width on small screens and 24rem from the small breakpoint;
 * they sit below the header (z-order) or on top while a dialog is open.
 */
export function Toaster() {
  const theme = useMantineTheme();
  const small = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  const dialogOpen = useDialogOpen();
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
