// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { Contact } from '@portaal/contracts/contacts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { ContactForm } from './contact-form.tsx';

beforeAll(() => {
  installDomShims();
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea (the notes) listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
afterEach(cleanup);

const SANNE = 'sanne@goudenkorst.example';
const contact = (email: string, sync: Contact['sync'] = 'active'): Contact => ({
  contact_id: 7,
  customer_id: 1001,
  first_name: 'Sanne',
  last_name: 'de Vries',
  name: 'Sanne de Vries',
  email,
  phone: null,
  cellular: null,
  roles: ['owner'],
  language: 'nl',
  notifications: { email: [], chat: [] },
  sync,
  invitation_pending: false,
  call_position: null,
  external_note: '',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
});

async function setup(shown: Contact, language: 'en' | 'nl' = 'en') {
  const i18n = await testI18n(language);
  const session = {
    api: createApiClient({ fetch: async () => new Response(null, { status: 500 }) }),
    auth: { getState: () => ({ userInfo: { email: SANNE } }) },
    can: () => false,
  } as unknown as Session;
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient()}>
            <ContactForm
              customerId={1001}
              contact={shown}
              staff={false}
              onSaved={() => {}}
              onCancel={() => {}}
            />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the roles in the contact form', () => {
  it('on one’s own contact: the boxes are disabled, and the form says why (before saving)', async () => {
    await setup(contact(SANNE.toUpperCase()));
    expect(screen.getByText('You cannot change your own roles.')).toBeInTheDocument();
    const owner = screen.getByRole('checkbox', { name: /^Owner/ });
    expect(owner).toBeDisabled();
    expect(owner).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Viewer/ })).toBeDisabled();
    // The rest of the form stays editable.
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeEnabled();
  });

  it('in Dutch', async () => {
    await setup(contact(SANNE), 'nl');
    expect(screen.getByText('U kunt uw eigen rollen niet wijzigen.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Eigenaar/ })).toBeDisabled();
  });

  it('on a colleague, or a contact with the same address but no login: the boxes can be ticked', async () => {
    await setup(contact('joris@goudenkorst.example'));
    expect(screen.queryByText('You cannot change your own roles.')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Viewer/ })).toBeEnabled();
    cleanup();
    await setup(contact(SANNE, null));
    expect(screen.getByRole('checkbox', { name: /^Owner/ })).toBeEnabled();
  });
});
