// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { AuditEvent } from '@portaal/contracts/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { AuditLogSection } from './audit-log-section.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

const CUSTOMER = 1001;
const event = (id: number, action: string, object: string, summary: string, at: string): AuditEvent => ({
  id,
  at,
  customer_id: CUSTOMER,
  actor_id: 'sanne',
  actor_name: 'Sanne de Vries',
  action,
  object,
  summary,
  request_id: `request-${id}`,
});
// Local times, so the expected DD-MM-YYYY HH:mm holds in every time zone the tests run in.
const EVENTS = [
  event(
    3,
    'contact.invite',
    'contacts/23',
    'invited test@goudenkorst.example as viewer',
    new Date(2026, 10, 29, 23, 9).toISOString(),
  ),
  event(
    2,
    'contact.create',
    'contacts/23',
    'created Test Persoon',
    new Date(2026, 10, 29, 23, 5).toISOString(),
  ),
  event(
    1,
    'contact.roles',
    'contacts/7',
    'roles: viewer → owner, technical_viewer; external_note: – → 12 characters',
    new Date(2026, 0, 9, 8, 0).toISOString(),
  ),
];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

async function setup(language: 'en' | 'nl', events: AuditEvent[] = EVENTS) {
  // Every namespace, as the app loads them in one file: statuses are named in `support`.
  const i18n = await testI18n(language, ['default', 'support', 'global']);
  const fetchStub: typeof fetch = async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.includes('/audit-events/actors')
      ? json([{ actor_id: 'sanne', actor_name: 'Sanne de Vries' }])
      : json(events);
  };
  const session = { api: createApiClient({ fetch: fetchStub }) } as unknown as Session;
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient()}>
            <AuditLogSection customerId={CUSTOMER} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  if (events.length === 0) return [];
  const log = await screen.findByRole('list');
  return within(log).findAllByRole('listitem');
}

describe('the audit log section', () => {
  it('names an invitation sent again and its address, in both languages', async () => {
    const resent = event(
      4,
      'contact.invite_resend',
      'contacts/23',
      'invitation sent again to test@goudenkorst.example',
      new Date(2026, 10, 30, 9, 0).toISOString(),
    );
    const [en] = await setup('en', [resent]);
    expect(en).toHaveTextContent('Invitation sent again');
    expect(en).toHaveTextContent('To test@goudenkorst.example');
    cleanup();
    const [nl] = await setup('nl', [resent]);
    expect(nl).toHaveTextContent('Uitnodiging opnieuw verstuurd');
    expect(nl).toHaveTextContent('Aan test@goudenkorst.example');
    expect(nl).not.toHaveTextContent('sent again to');
  });

  it('shows each entry in Dutch, dated DD-MM-YYYY HH:mm, without internal ids', async () => {
    const [invite, created, roles] = await setup('nl');
    expect(invite).toHaveTextContent('Uitgenodigd om in te loggen');
    expect(invite).toHaveTextContent('test@goudenkorst.example uitgenodigd als Lezer');
    expect(invite).toHaveTextContent('29-11-2026 23:09');
    expect(invite).toHaveTextContent('Sanne de Vries');
    expect(created).toHaveTextContent('Contactpersoon toegevoegd');
    expect(created).toHaveTextContent('Test Persoon');
    expect(created).toHaveTextContent('29-11-2026 23:05');
    expect(roles).toHaveTextContent('Rollen: Lezer → Eigenaar, Technisch lezer; Notitie: – → 12 tekens');
    expect(roles).toHaveTextContent('09-01-2026 08:00');
    for (const item of [invite, created, roles]) {
      expect(item).not.toHaveTextContent(/contacts\/\d+|invited|created|as viewer|characters/);
      expect(item).not.toHaveTextContent(/nov|jan/i);
    }
    expect(invite?.querySelector('time')).toHaveAttribute('dateTime', EVENTS[0]?.at);
  });

  it('shows the same entries in English', async () => {
    const [invite, created, roles] = await setup('en');
    expect(invite).toHaveTextContent('test@goudenkorst.example invited as Viewer');
    expect(created).toHaveTextContent('Test Persoon');
    expect(created).not.toHaveTextContent('contacts/23');
    expect(roles).toHaveTextContent('Roles: Viewer → Owner, Technical viewer; Note: – → 12 characters');
  });

  it('names a ticket status change and its statuses as the ticket screens do', async () => {
    const status = event(
      4,
      'ticket.status',
      'tickets/10012',
      'status: open → awaiting_reply',
      EVENTS[0]?.at ?? '',
    );
    const [nl] = await setup('nl', [status]);
    expect(nl).toHaveTextContent('Ticketstatus gewijzigd');
    expect(nl).toHaveTextContent('Status: Open → Wacht op reactie');
    cleanup();
    const [en] = await setup('en', [status]);
    expect(en).toHaveTextContent('Ticket status changed');
    expect(en).toHaveTextContent('Status: Open → Awaiting reply');
    expect(en).not.toHaveTextContent(/awaiting_reply|tickets\//);
  });

  it('shows an agreement’s totals in the reader’s number format with the agreement’s unit', async () => {
    const at = EVENTS[0]?.at ?? '';
    const events = [
      event(7, 'agreement.change', 'agreements/1001/changes/9', 'total: 27.50 hours → 30.00 hours', at),
      event(6, 'agreement.renewal', 'agreements/1001/changes/8', 'total: 1.00 days → 1234.50 days', at),
      // Written before the unit was recorded: the numbers alone.
      event(5, 'agreement.change', 'agreements/1001/changes/7', 'total: 27.50 → 30.00', at),
      event(4, 'agreement.update', 'agreements/1001', 'unit: hours → days', at),
    ];
    const [nlChange, nlRenewal, nlOld, nlUnit] = await setup('nl', events);
    expect(nlChange).toHaveTextContent('Verbruiksafspraak gewijzigd');
    expect(nlChange).toHaveTextContent('Totaal: 27,5 uur → 30 uur');
    expect(nlRenewal).toHaveTextContent('Totaal: 1 dag → 1.234,5 dagen');
    expect(nlOld).toHaveTextContent('Totaal: 27,5 → 30');
    expect(nlUnit).toHaveTextContent('Eenheid: Uren → Dagen');
    for (const item of [nlChange, nlRenewal, nlOld])
      expect(item).not.toHaveTextContent(/\d\.\d\d\b|hours|days/);
    cleanup();
    const [enChange, enRenewal, enOld] = await setup('en', events);
    expect(enChange).toHaveTextContent('Total: 27.5 hours → 30 hours');
    expect(enRenewal).toHaveTextContent('Total: 1 day → 1,234.5 days');
    expect(enOld).toHaveTextContent('Total: 27.5 → 30');
  });

  it('says that nothing was recorded yet when the log is empty and no filter is set', async () => {
    await setup('nl', []);
    expect(await screen.findByText('Er zijn nog geen wijzigingen vastgelegd.')).toBeInTheDocument();
    expect(screen.queryByText('Geen wijzigingen gevonden.')).not.toBeInTheDocument();
  });

  it('aligns the filters at the top, so that a date field’s message does not push its neighbour down', async () => {
    await setup('nl');
    const from = screen.getByRole('textbox', { name: 'Vanaf' });
    const to = screen.getByRole('textbox', { name: 'Tot en met' });
    const row = from.closest('.mantine-Group-root');
    expect(row).not.toBeNull();
    expect(row).toContainElement(to);
    expect((row as HTMLElement).style.getPropertyValue('--group-align')).toBe('flex-start');
  });
});
