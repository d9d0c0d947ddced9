import type { AvailabilityState, CheckReason, TicketStatus } from '@portaal/contracts';
import type { Database } from '../../db/client.ts';

/** The database or an open transaction on it: events are recorded in the transaction that causes them. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Something happened to a ticket that its author and watchers hear about (bell and e-mail). */
export interface TicketEvent {
  kind: 'ticket_reply' | 'ticket_status' | 'ticket_assigned';
  /** Unique per event, e.g. `ticket-message:123`; with the recipient it keys notifications and mails. */
  eventKey: string;
  customerId: number;
  ticketId: number;
  subject: string;
  actor: { userId: string; name: string; staff: boolean };
  /** The status after the event (ticket_status, or a reply that changed it). */
  status?: TicketStatus;
  /** An internal note: only staff hear of it, and it never goes to a customer's chat channels. */
  internal?: boolean;
  /** The start of the reply, for the e-mail. */
  excerpt?: string;
  /** User ids to notify: the ticket's author and watchers, without the actor (and only staff for internal notes). */
  recipients: readonly string[];
}

/** What the tickets module needs from notifications. */
export interface TicketEventPublisher {
  /** In the caller's transaction: records in-app notifications and outbox mails; returns the new mail ids. */
  recordTicketEvent(tx: Executor, event: TicketEvent): Promise<number[]>;
  /** After commit: hands the mails to the mail job. Failing here loses nothing: a sweep picks them up. */
  dispatch(mailIds: readonly number[]): Promise<void>;
}

/** An application went down or came back (DESIGN.md §8 Availability); its technical contacts hear. */
export interface ApplicationStateEvent {
  /** `application-event:{id}`: one per recorded state change, so a retried check notifies nobody twice. */
  eventKey: string;
  customerId: number;
  applicationId: number;
  applicationName: string;
  url: string;
  from: AvailabilityState;
  to: AvailabilityState;
  at: Date;
  /** Why it went down, as a code; each recipient reads it in their language. */
  reason: CheckReason | null;
}

/** What the availability prober needs from notifications. */
export interface ApplicationEventPublisher {
  /** In the caller's transaction: notifications and outbox mails for the customer's technical contacts. */
  recordApplicationEvent(tx: Executor, event: ApplicationStateEvent): Promise<number[]>;
  dispatch(mailIds: readonly number[]): Promise<void>;
}

/**
 * Something in the administration that its readers hear about in the bell, once: an invoice became
 * overdue (users with invoice-read) or a contract renews within 30 days (users with subscription-read).
 */
export interface AdministrationEvent {
  kind: 'invoice_overdue' | 'contract_renewal';
  /** `invoice-overdue:{id}` or `contract-renewal:{id}:{renewal date}`: once per event and user. */
  eventKey: string;
  customerId: number;
  params: {
    invoice_number?: string;
    due_date?: string;
    contract_id?: string;
    contract_description?: string;
    renewal_date?: string;
  };
}

/** What the administration notifier needs from notifications. */
export interface AdministrationEventPublisher {
  /** In the caller's transaction: one bell notification per reader; answers how many were new. */
  recordAdministrationEvent(tx: Executor, event: AdministrationEvent): Promise<number>;
}
