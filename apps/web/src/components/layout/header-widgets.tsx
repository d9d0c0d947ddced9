import '../../app/header-styles.ts';
import { useWindowEvent } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../app/session.ts';
import { CustomerSwitcher } from '../../features/customers/components/customer-switcher.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { findTicketByNumber } from '../../features/tickets/utils/find-ticket.ts';
import { PreferencesMenu } from './preferences-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * The header's controls: customer switcher, notification bell, preferences and account menus. Loaded
 * after the shell (lazy-widgets.tsx): their popovers, menus and select bring most of the weight of
 * Mantine's floating elements, which the first paint does not need.
 */
export function HeaderWidgets() {
  const session = useSession();
  const { queryClient } = session;
  const navigate = useNavigate();
  useCloseDrawerOnEscape();
  // A ticket number opens the ticket (for staff whatever its customer); anything else is searched.
  const openTicket = async (query: string) => {
    const ticketId = await findTicketByNumber(session, query);
    if (ticketId === undefined) return false;
    await navigate({ to: '/support/ticket/$id', params: { id: String(ticketId) } });
    return true;
  };
  return (
    <>
      <HeaderSearch openDirectly={openTicket} />
      <CustomerSwitcher />
      <NotificationBell
        // A notification says the ticket changed: whatever is cached of it is out of date.
        onOpen={(notification) =>
          void queryClient.invalidateQueries({
            queryKey: ticketsQueries.customer(notification.customer_id),
          })
        }
      />
      <PreferencesMenu />
      <UserMenu />
    </>
  );
}

/**
 * Escape on the phone's open menu (its button or anything inside it) closes it, as the header's menus
 * close, and the focus goes to the menu button. Here rather than in the shell, whose code is part of
 * every start.
 */
function useCloseDrawerOnEscape() {
  // app-shell-layout.tsx's MENU_BUTTON_ID, written out: importing it would add an export to the start.
  useWindowEvent('keydown', (event) => {
    const button = document.getElementById('app-menu-button');
    const drawer = document.getElementById(button?.getAttribute('aria-controls') ?? '');
    if (event.key !== 'Escape' || !button || !drawer?.hasAttribute('data-opened')) return;
    const target = event.target as Node;
    if (target !== button && !drawer.contains(target)) return;
    button.click();
    button.focus();
  });
}
