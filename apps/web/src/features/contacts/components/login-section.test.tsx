// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { Contact } from '@portaal/contracts/contacts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { LoginSection } from './login-section.tsx';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  notifications.clean();
});

const CUSTOMER = 1001;
const contact = (
  sync: Contact['sync'],
  email = 'joris@goudenkorst.example',
  invitation_pending = false,
): Contact => ({
  contact_id: 42,
  customer_id: CUSTOMER,
  first_name: 'Joris',
  last_name: 'Technisch',
  name: 'Joris Technisch',
  email,
  phone: null,
  cellular: null,
  roles: ['technical_viewer'],
  language: 'nl',
  notifications: { email: [], chat: [] },
  sync,
  invitation_pending,
  call_position: null,
  external_note: '',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});
const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

async function setup(
  shown: Contact,
  answer: (request: { method: string; url: string }) => Response,
  language: 'en' | 'nl' = 'en',
) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: {
      [language]: { default: readLocale(language, 'default'), global: readLocale(language, 'global') },
    },
    interpolation: { escapeValue: false },
  });
  const sent: { method: string; url: string }[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = { method: init?.method ?? 'GET', url: String(input) };
    sent.push(request);
    return answer(request);
  };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    auth: { getState: () => ({ userInfo: { email: 'sanne@goudenkorst.example' } }) },
    can: () => false,
  } as unknown as Session;
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient()}>
            <LoginSection customerId={CUSTOMER} contact={shown} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('the login section of a contact', () => {
  it('invites a contact without a login', async () => {
    const { sent, user } = await setup(contact(null), () => json(200, contact('active')));
    expect(screen.getByText(/Joris Technisch cannot sign in yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite to sign in' }));
    expect(await screen.findByText('Invitation sent to joris@goudenkorst.example')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', url: '/api/v2/customer/1001/contacts/42/invite' }]);
  });

  it('an invitation not yet used: says so, and sends it again (in Dutch)', async () => {
    const invited = contact('active', undefined, true);
    const { sent, user } = await setup(invited, () => json(200, invited), 'nl');
    expect(
      screen.getByText(/Joris Technisch is uitgenodigd om in te loggen met de rol Technisch lezer/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/logt in met de rol/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uitnodiging opnieuw sturen' }));
    expect(
      await screen.findByText('Er is een nieuwe uitnodiging gestuurd naar joris@goudenkorst.example'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', url: '/api/v2/customer/1001/contacts/42/login/invitation' }]);
    // The login can still be turned off or removed while the invitation is pending.
    expect(screen.getByRole('button', { name: 'Login uitzetten' })).toBeInTheDocument();
  });

  it('says why sending the invitation again failed; a login that signs in has nothing to send', async () => {
    const { user } = await setup(contact('active', undefined, true), () =>
      json(
        409,
        { type: 'about:blank', title: 'x', status: 409, code: 'LOGIN_SIGNED_IN', detail: 'x' },
        'application/problem+json',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send invitation again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This login has signed in already');
    cleanup();
    await setup(contact('active'), () => json(200, {}));
    expect(screen.getByText(/Joris Technisch signs in with the role/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation again' })).not.toBeInTheDocument();
    cleanup();
    // Turned off: turn it on first (the link of a login that is off does not work).
    await setup(contact('disabled', undefined, true), () => json(200, {}));
    expect(screen.queryByRole('button', { name: 'Send invitation again' })).not.toBeInTheDocument();
  });

  it('says why an invitation failed', async () => {
    const { user } = await setup(contact(null), () =>
      json(
        503,
        { type: 'about:blank', title: 'x', status: 503, code: 'IDENTITY_UNAVAILABLE', detail: 'x' },
        'application/problem+json',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Invite to sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in service did not answer');
  });

  it('a disabled login offers to turn it on; a stale one says it is retried', async () => {
    const { sent, user } = await setup(contact('disabled'), () => json(200, contact('active')));
    expect(screen.getByText(/The login is turned off/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn login on' }));
    expect(await screen.findByText('The login of Joris Technisch is turned on')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', url: '/api/v2/customer/1001/contacts/42/login' }]);
    cleanup();
    await setup(contact('stale'), () => json(200, {}));
    expect(screen.getByText(/has not taken over the last change yet/)).toBeInTheDocument();
  });

  it('removes a login after confirmation; an unanswered removal shows the failed-removal message, in Dutch', async () => {
    const { sent, user } = await setup(
      contact('active'),
      () => json(200, { contact: contact(null), identity: 'pending' }),
      'nl',
    );
    await user.click(screen.getByRole('button', { name: 'Login verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login verwijderen' });
    expect(dialog).toHaveTextContent('De login van Joris Technisch verwijderen?');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Login verwijderen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De login kon niet helemaal worden verwijderd');
    expect(alert).toHaveTextContent('neem dan contact met ons op');
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/v2/customer/1001/contacts/42/login' }]);
  });

  it('offers nothing on one’s own login', async () => {
    await setup(contact('active', 'sanne@goudenkorst.example'), () => json(200, {}));
    expect(screen.getByText('This is your own login. Another owner manages it.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
