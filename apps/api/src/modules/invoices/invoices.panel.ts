import { formatMoney } from '@portaal/contracts';
import type { PanelRegistration } from '../dashboard/dashboard.registry.ts';
import type { InvoicesService } from './invoices.service.ts';

const SHOWN = 5;

/**
 * The invoices area's dashboard panel (invoice-read): how many invoices are overdue and to pay, and
 * the overdue ones with what is still due (their sum first), each linking into the invoices screen.
 * The sums go out as amounts too (`money`): the screen writes them in the reader's language, which
 * the token's locale may not be (it changes only when the token is renewed).
 */
export function invoicesPanel(invoices: Pick<InvoicesService, 'openTotals' | 'list'>): PanelRegistration {
  return {
    panel: 'invoices',
    requires: 'invoice-read',
    async load(caller, customerId) {
      const language = caller.user.language ?? 'en';
      const [totals, overdue] = await Promise.all([
        invoices.openTotals(customerId),
        invoices.list(customerId, { status: ['overdue'], limit: SHOWN }),
      ]);
      const money = (amount: string) => formatMoney(amount, language);
      return {
        figures: [
          {
            key: 'overdue',
            value: totals.overdue.count,
            tone: totals.overdue.count > 0 ? 'critical' : 'neutral',
            href: '/administration/invoices?status=overdue',
          },
          {
            key: 'to_pay',
            value: totals.to_pay.count,
            tone: 'neutral',
            href: '/administration/invoices?status=to_pay',
          },
        ],
        items_title: totals.overdue.count > 0 ? 'overdue' : null,
        items: [
          ...(totals.overdue.count > 0
            ? [
                {
                  key: 'overdue-sum',
                  title: money(totals.overdue.amount),
                  detail: null,
                  money: { title: totals.overdue.amount },
                  at: null,
                  href: '/administration/invoices?status=overdue',
                },
              ]
            : []),
          ...overdue.items.map((invoice) => ({
            key: invoice.number,
            title: invoice.number,
            detail: money(invoice.amount_due),
            money: { detail: invoice.amount_due },
            at: null,
            href: `/administration/invoices/${invoice.number}`,
          })),
        ],
      };
    },
  };
}
