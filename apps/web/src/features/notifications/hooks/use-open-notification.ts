import type { Notification } from '@portaal/contracts';
import { useNavigate } from '@tanstack/react-router';
import { selectCustomerById, useSession } from '../../../app/session.ts';
import { useMarkNotification } from '../api/use-mark-notification.ts';

/**
 * Opening a notification: mark it read, make its customer the selected one (the ticket screens work
 * on the selected customer) and go to the ticket. Marking read is not awaited: a failed mark must not
 * keep the user from the ticket, and the badge catches up on the next poll. `onOpen` lets the
 * composing layout refresh what the notification is about (the ticket may be cached from before).
 */
export function useOpenNotification(onOpen?: (notification: Notification) => unknown) {
  const session = useSession();
  const navigate = useNavigate();
  const mark = useMarkNotification();

  return async (notification: Notification) => {
    if (!notification.read_at) {
      mark.mutate({ notificationId: notification.notification_id, read: true });
    }
    if (notification.kind === 'application_state') {
      await selectCustomerById(session, notification.customer_id);
      await navigate({ to: '/sla-usage/application-statuses' });
      return;
    }
    const { invoice_number: invoice, contract_id: contract } = notification.params;
    if (notification.kind === 'invoice_overdue' && invoice) {
      await selectCustomerById(session, notification.customer_id);
      await navigate({ to: '/administration/invoices/$id', params: { id: invoice } });
      return;
    }
    if (notification.kind === 'contract_renewal' && contract) {
      await selectCustomerById(session, notification.customer_id);
      await navigate({ to: '/administration/contracts/$id', params: { id: contract } });
      return;
    }
    if (notification.ticket_id === null) return;
    await selectCustomerById(session, notification.customer_id);
    await onOpen?.(notification);
    await navigate({ to: '/support/ticket/$id', params: { id: String(notification.ticket_id) } });
  };
}
