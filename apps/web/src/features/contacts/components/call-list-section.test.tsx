// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { ContactSummary } from '@portaal/contracts/contacts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { CallListSection } from './call-list-section.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

const CUSTOMER = 1001;
const person = (
  contact_id: number,
  name: string,
  numbers: { phone?: string; cellular?: string },
  call_position: number | null = null,
): ContactSummary => {
  const [first_name = '', last_name = ''] = name.split(' ');
  return {
    contact_id,
    customer_id: CUSTOMER,
    first_name,
    last_name,
    name,
    email: `${first_name.toLowerCase()}@goudenkorst.example`,
    phone: numbers.phone ?? null,
    cellular: numbers.cellular ?? null,
    roles: ['technical_viewer'],
    language: 'nl',
    notifications: { email: [], chat: [] },
    sync: null,
    invitation_pending: false,
    call_position,
  };
};

const SANNE = person(1, 'Sanne Bakker', { cellular: '+31 6 12345601' }, 1);
// On the list from before numbers were required.
const DAAN = person(2, 'Daan Visser', {}, 2);
const EMMA = person(3, 'Emma Bakker', {});
const JORIS = person(4, 'Joris Mulder', { phone: '+31 20 555 0104' });

async function setup(language: 'en' | 'nl', answer: () => Response) {
  const i18n = await testI18n(language);
  const sent: unknown[] = [];
  const fetchStub: typeof fetch = async (_input, init) => {
    if (init?.body) sent.push(JSON.parse(String(init.body)));
    return answer();
  };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    // A customer's user: no global rights, so the customers' general texts.
    can: () => false,
  } as unknown as Session;
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient()}>
            <CallListSection
              customerId={CUSTOMER}
              callList={[SANNE, DAAN]}
              contacts={[SANNE, DAAN, EMMA, JORIS]}
              editable
            />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('CallListSection', () => {
  it('offers only contacts with a number, and marks an entry without one (en)', async () => {
    await setup('en', () => new Response(null, { status: 500 }));
    expect(screen.getByText('Daan Visser').closest('li')).toHaveTextContent('no phone number');
    expect(screen.getByText('Sanne Bakker').closest('li')).not.toHaveTextContent('no phone number');
    expect(screen.getByRole('option', { name: 'Emma Bakker (no phone number)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Joris Mulder' })).toBeEnabled();
  });

  it('shows the API’s refusal naming the contact, in Dutch', async () => {
    const { sent, user } = await setup(
      'nl',
      () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Unprocessable Entity',
            status: 422,
            detail: 'Emma Bakker has no phone or mobile number to be called on.',
            code: 'CALL_LIST_NO_NUMBER',
            params: { name: 'Emma Bakker', contact_id: 3 },
          }),
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    expect(screen.getByRole('option', { name: 'Emma Bakker (geen telefoonnummer)' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contactpersoon toevoegen' }), '4');
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await user.click(screen.getByRole('button', { name: 'Volgorde opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Emma Bakker heeft geen telefoon- of mobiel nummer. Vul er een in voordat u deze persoon op de bellijst zet.',
    );
    expect(sent).toEqual([{ contact_ids: [1, 2, 4] }]);
  });
});
