import type { Notification } from '@portaal/contracts';
import { ticketStatuses } from '@portaal/contracts/ticket-rules';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format.ts';

/**
 * The sentence of a notification in the reader's language. The server stores only kind and params
 * (contracts/notifications.ts), so a language switch translates old notifications too.
 */
export function notificationText(notification: Notification, t: TFunction): string {
  const { params } = notification;
  const values = {
    ns: 'global',
    actor: params.actor_name || t('notifications.someone', { ns: 'global' }),
    ticket: notification.ticket_id ?? '',
    subject: params.ticket_subject ?? '',
  };
  switch (notification.kind) {
    case 'ticket_reply':
      return t('notifications.kinds.ticket_reply', values);
    case 'ticket_assigned':
      return t('notifications.kinds.ticket_assigned', values);
    case 'ticket_status': {
      const status = (ticketStatuses as readonly string[]).includes(params.status ?? '')
        ? params.status
        : 'other';
      return t(`notifications.kinds.ticket_status.${status}`, values);
    }
    case 'application_state': {
      const state = params.state ?? 'down';
      return t(`notifications.kinds.application_state.${state}`, {
        ns: 'global',
        name: params.application_name ?? '',
      });
    }
    case 'invoice_overdue':
      return t('notifications.kinds.invoice_overdue', {
        ns: 'global',
        number: params.invoice_number ?? '',
        date: params.due_date ? formatDate(params.due_date) : '',
      });
    case 'contract_renewal':
      return t('notifications.kinds.contract_renewal', {
        ns: 'global',
        id: params.contract_id ?? '',
        description: params.contract_description ?? '',
        date: params.renewal_date ? formatDate(params.renewal_date) : '',
      });
    default:
      // A kind added on the server after this build was loaded.
      return t('notifications.kinds.other', { ns: 'global' });
  }
}
