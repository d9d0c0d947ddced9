// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { Customer } from '@portaal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { NewCustomerForm } from './new-customer-form.tsx';

const locale = readLocale;

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
});

async function i18nFor(language: 'en' | 'nl'): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: {
      en: { default: locale('en', 'default'), global: locale('en', 'global') },
      nl: { default: locale('nl', 'default'), global: locale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const customer: Customer = {
  customer_id: 1001,
  display_name: 'Bakkerij De Gouden Korst B.V.',
  language: 'nl',
  status: 'active',
  phone: null,
  coc_number: null,
  vat_number: null,
  usage_po_number: 'PO-2026-0187',
  links: [],
  addresses: [],
  created_at: '2016-05-17',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const problem = (
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
) =>
  json(
    status,
    {
      type: 'about:blank',
      title: 'Bad Request',
      status,
      detail,
      code,
      request_id: 'req-1',
      ...(errors ? { errors } : {}),
    },
    'application/problem+json',
  );

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

const NORTHWIND = { ...customer, customer_id: 1002, display_name: 'Northwind Logistics Ltd' };

/** The real API client over a fetch that answers the lookups and the creation as the API does. */
function setup(language: 'en' | 'nl', create: (body: unknown) => Response) {
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    const url = new URL(request.url, 'http://portaal.test');
    if (url.pathname === '/api/admin/v2/customer/id-check') {
      const id = url.searchParams.get('customer_id');
      return json(200, {
        next_free_id: 1007,
        customer_id: id ? Number(id) : null,
        taken_by: id === '1002' ? { customer_id: 1002, display_name: NORTHWIND.display_name } : null,
      });
    }
    if (url.pathname === '/api/admin/v2/customer' && request.method === 'GET') {
      return url.searchParams.get('link_id') === 'ACC-10002'
        ? json(200, NORTHWIND)
        : problem(404, 'CUSTOMER_NOT_FOUND', 'No customer is linked.');
    }
    if (url.pathname === '/api/admin/v2/customer' && request.method === 'POST') return create(request.body);
    return json(404, {});
  };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    // A staff moderator: rights held globally.
    can: () => true,
  } as unknown as Session;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const created: Customer[] = [];
  const renderForm = async () => {
    const i18n = await i18nFor(language);
    return render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <SessionContext.Provider value={session}>
            <QueryClientProvider client={queryClient}>
              <NewCustomerForm onCreated={(value) => created.push(value)} onCancel={() => {}} />
            </QueryClientProvider>
          </SessionContext.Provider>
        </MantineProvider>
      </I18nextProvider>,
    );
  };
  return { sent, created, renderForm, user: userEvent.setup() };
}

const posts = (sent: Sent[]) => sent.filter((request) => request.method === 'POST');

describe('the new customer form (staff moderators)', () => {
  it('looks the customer id up as it is typed, and sends what the shared schema accepts', async () => {
    const { renderForm, sent, created, user } = setup('en', (body) =>
      json(201, { ...customer, ...(body as object), customer_id: 1007, links: [], addresses: [] }),
    );
    await renderForm();
    const id = screen.getByRole('textbox', { name: 'Customer ID' });
    await waitFor(() => expect(id).toHaveAccessibleDescription('Leave empty to use the next free ID: 1007.'));
    await user.type(id, '1002');
    await waitFor(() =>
      expect(id).toHaveAccessibleDescription('Already taken by Northwind Logistics Ltd (1002).'),
    );
    // Taken and no name: the form says why and sends nothing; the focus goes to the first field in
    // error on the screen, the name above the id.
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    // Said once, as the field's error, not again by the lookup.
    expect(id).toHaveAccessibleDescription('Already taken by Northwind Logistics Ltd (1002).');
    expect(screen.getAllByText('Already taken by Northwind Logistics Ltd (1002).')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(posts(sent)).toEqual([]);

    await user.clear(id);
    await user.type(id, '1007');
    await waitFor(() => expect(id).toHaveAccessibleDescription('1007 is free.'));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Zeilmakerij De Wind ');
    await user.type(screen.getByRole('textbox', { name: 'Accounting ID' }), 'ACC-20001');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(posts(sent).map((request) => request.body)).toEqual([
      {
        customer_id: 1007,
        display_name: ' Zeilmakerij De Wind ',
        language: 'en',
        phone: '',
        coc_number: '',
        vat_number: '',
        links: [{ type: 'accounting', identifier: 'ACC-20001' }],
        address: null,
      },
    ]);
  });

  it('shows in Dutch which customer holds an accounting id, and puts a 409 on its field', async () => {
    const { renderForm, sent, user } = setup('nl', () =>
      json(
        409,
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'taken',
          code: 'CUSTOMER_LINK_TAKEN',
          params: {
            holder_id: 1004,
            holder_name: 'Greenfield Analytics Ltd',
            link_type: 'accounting',
            link_id: 'ACC-7',
          },
        },
        'application/problem+json',
      ),
    );
    await renderForm();
    const accounting = screen.getByRole('textbox', { name: 'Boekhoudnummer' });
    await user.type(accounting, 'ACC-10002');
    await waitFor(() =>
      expect(accounting).toHaveAccessibleDescription('Al gekoppeld aan Northwind Logistics Ltd (1002).'),
    );
    await user.clear(accounting);
    await user.type(accounting, 'ACC-7');
    await waitFor(() =>
      expect(accounting).toHaveAccessibleDescription('Nog geen klant heeft dit boekhoudnummer.'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Greenfield Twee');
    // Half an address is no address: every field of it is asked for.
    await user.type(screen.getByRole('textbox', { name: 'Straat' }), 'Kade');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect(screen.getByRole('textbox', { name: 'Huisnummer' })).toHaveFocus();
    expect(posts(sent)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Huisnummer' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '1000 AA');
    await user.type(screen.getByRole('textbox', { name: 'Plaats' }), 'Amsterdam');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() =>
      expect(accounting).toHaveAccessibleDescription(
        expect.stringContaining('ACC-7 is al gekoppeld aan Greenfield Analytics Ltd (1004).'),
      ),
    );
    expect(accounting).toHaveFocus();
    expect(posts(sent)).toHaveLength(1);
  });

  it('puts a 409 for a taken customer ID on its field, naming the holder in one sentence', async () => {
    // Another staff member took the ID between the live check and the send.
    const { renderForm, sent, user } = setup('en', () =>
      json(
        409,
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'taken',
          code: 'CUSTOMER_ID_TAKEN',
          params: { holder_id: 1005, holder_name: 'Bakkerij De Gouden Korst B.V.' },
        },
        'application/problem+json',
      ),
    );
    await renderForm();
    const id = screen.getByRole('textbox', { name: 'Customer ID' });
    await user.type(id, '1005');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Molen De Hoop B.V.');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    // The holder's name ends in a full stop of its own: the sentence does not end with it.
    await waitFor(() =>
      expect(id).toHaveAccessibleDescription(
        expect.stringContaining('Bakkerij De Gouden Korst B.V. already has customer ID 1005.'),
      ),
    );
    expect(posts(sent)).toHaveLength(1);
  });

  it('holds a Dutch customer to a KvK number of 8 digits and a postcode like 1234 AB, in Dutch', async () => {
    const { renderForm, sent, created, user } = setup('nl', (body) =>
      json(201, { ...customer, ...(body as object), customer_id: 1007, links: [], addresses: [] }),
    );
    await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Molen De Hoop B.V.');
    const coc = screen.getByRole('textbox', { name: 'KvK-nummer' });
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.type(coc, '12');
    await user.type(screen.getByRole('textbox', { name: 'Straat' }), 'Molenweg');
    await user.type(screen.getByRole('textbox', { name: 'Huisnummer' }), '3');
    await user.type(postcode, 'zzz');
    await user.type(screen.getByRole('textbox', { name: 'Plaats' }), 'Zaandam');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect(coc).toHaveAccessibleDescription('Vul een KvK-nummer van 8 cijfers in.');
    expect(postcode).toHaveAccessibleDescription(
      'Vul een Nederlandse postcode in: 4 cijfers en 2 letters, zoals 1234 AB.',
    );
    expect(coc).toHaveFocus();
    expect(posts(sent)).toEqual([]);

    await user.clear(coc);
    await user.type(coc, '12345678');
    await user.clear(postcode);
    await user.type(postcode, '1501ab');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(posts(sent)[0]?.body).toMatchObject({
      coc_number: '12345678',
      address: { postal_code: '1501ab', country: 'NL' },
    });
  });

  it('checks the KvK number and a Dutch VAT number without an address too, and takes a foreign VAT number', async () => {
    const { renderForm, sent, created, user } = setup('nl', (body) =>
      json(201, { ...customer, ...(body as object), customer_id: 1008, links: [], addresses: [] }),
    );
    await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Zonder Adres B.V.');
    const coc = screen.getByRole('textbox', { name: 'KvK-nummer' });
    const vat = screen.getByRole('textbox', { name: 'Btw-nummer' });
    await user.type(coc, '12ab');
    await user.type(vat, 'NL123');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect(coc).toHaveAccessibleDescription('Vul een KvK-nummer van 8 cijfers in.');
    expect(vat).toHaveAccessibleDescription(
      'Vul een Nederlands btw-nummer in: NL, 9 cijfers, B en 2 cijfers, zoals NL123456789B01.',
    );
    expect(posts(sent)).toEqual([]);

    // A German company: its VAT number names its country, so its register number is no KvK number.
    await user.clear(coc);
    await user.type(coc, 'HRB 12345');
    await user.clear(vat);
    await user.type(vat, 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(posts(sent)[0]?.body).toMatchObject({
      coc_number: 'HRB 12345',
      vat_number: 'DE123456789',
      address: null,
    });
  });

  it.each([
    ['en', 'Name', 'VAT number', 'Create customer', 'such as NL123456789B01.'],
    ['nl', 'Naam', 'Btw-nummer', 'Klant aanmaken', 'zoals NL123456789B01.'],
  ] as const)(
    'gives an example of a VAT number when its format is wrong (%s)',
    async (language, name, vat, submit, example) => {
      const { renderForm, sent, user } = setup(language, () => json(500, {}));
      await renderForm();
      await user.type(screen.getByRole('textbox', { name }), 'Bad VAT B.V.');
      const field = screen.getByRole('textbox', { name: vat });
      await user.type(field, '123');
      await user.click(screen.getByRole('button', { name: submit }));
      await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(example)));
      expect(field).toHaveFocus();
      expect(posts(sent)).toEqual([]);
    },
  );

  it("puts the API's field errors for the Dutch formats on their fields, in English", async () => {
    const { renderForm, user } = setup('en', () =>
      problem(400, 'VALIDATION_FAILED', 'Invalid body', [
        { field: 'coc_number', message: 'must be a Dutch Chamber of Commerce (KvK) number of 8 digits' },
        {
          field: 'address.postal_code',
          message: 'must be a Dutch postcode of 4 digits and 2 letters (1234 AB)',
        },
      ]),
    );
    await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Server Says No B.V.');
    await user.click(screen.getByRole('button', { name: 'Create customer' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'CoC number' })).toHaveAccessibleDescription(
        'Enter a Chamber of Commerce (KvK) number of 8 digits.',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription(
      'Enter a Dutch postcode: 4 digits and 2 letters, such as 1234 AB.',
    );
  });
});
