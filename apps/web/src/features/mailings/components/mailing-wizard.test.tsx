// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { MailingPreview } from '@portaal/contracts/mailings';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { CustomerPicker } from '../../customers/components/customer-picker.tsx';
import { MailingWizard } from './mailing-wizard.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => {
  installDomShims();
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
afterEach(cleanup);

const preview: MailingPreview = {
  count: 2,
  languages: { en: 1, nl: 1 },
  recipients: [
    {
      contact_id: 1,
      customer_id: 1002,
      customer_name: 'Northwind Logistics Ltd',
      name: 'Oliver Hughes',
      email: 'oliver.hughes@northwind.example',
      language: 'en',
    },
    {
      contact_id: 2,
      customer_id: 1001,
      customer_name: 'Bakkerij De Gouden Korst B.V.',
      name: 'Sanne de Vries',
      email: 'sanne.devries@goudenkorst.example',
      language: 'nl',
    },
  ],
};

/**
 * The staff customer search as the API answers it, by name: name, number (exact), a link's
 * identifier (Greenfield's accounting id holds "1002"), or nothing typed.
 */
const customers = [
  { customer_id: 1001, display_name: 'Bakkerij De Gouden Korst B.V.', link: 'D-1001' },
  { customer_id: 1004, display_name: 'Greenfield Analytics Ltd', link: 'D-10021' },
  { customer_id: 1002, display_name: 'Northwind Logistics Ltd', link: 'D-1002' },
  { customer_id: 1003, display_name: 'Van Dijk & Partners Advocaten', link: 'D-1003' },
];
const searchCustomers = (search: string | null) =>
  customers
    .filter(
      (customer) =>
        !search ||
        customer.display_name.toLowerCase().includes(search.toLowerCase()) ||
        String(customer.customer_id) === search ||
        customer.link.includes(search),
    )
    .map(({ link: _link, ...customer }) => customer);

/**
 * An option of the open customer search. jsdom lays nothing out, so the dropdown's detach check
 * (floating-ui's hide, inside the wizard's card) reads it as hidden: found regardless.
 */
const option = (name: string | RegExp) => screen.findByRole('option', { name, hidden: true });
const noOption = (name: string | RegExp) => screen.queryByRole('option', { name, hidden: true });

/** A text field filled as a paste: one input event, not one per letter. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: RegExp, text: string) {
  await user.click(await screen.findByRole('textbox', { name }));
  await user.paste(text);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The wizard on a memory router, over a fetch that answers as the API does; the calls are kept. */
async function setup(language: 'en' | 'nl', { refusedSends = 0, recipients = preview } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let refusals = refusedSends;
  const fetchStub: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const raw = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
    calls.push({ method, url, body: raw ? JSON.parse(String(raw)) : undefined });
    const path = new URL(url, 'http://localhost');
    if (path.pathname === '/api/v2/customer')
      return json(200, searchCustomers(path.searchParams.get('search')));
    if (url.endsWith('/mailings/recipients')) return json(200, recipients);
    if (url.endsWith('/mailings') && method === 'POST') return json(201, { mailing_id: 7 });
    if (url.endsWith('/mailings/7/send') && refusals > 0) {
      refusals -= 1;
      return json(422, { status: 422, code: 'MAILING_NO_RECIPIENTS', title: 'No recipients' });
    }
    if (url.endsWith('/mailings/7/send'))
      return json(202, { mailing_id: 7, status: 'sending', total: 2, delivered: 0, waiting: 2, failed: 0 });
    if (url.endsWith('/mailings/7/progress'))
      return json(200, { mailing_id: 7, status: 'sent', total: 2, delivered: 1, waiting: 0, failed: 1 });
    return json(404, { status: 404, code: 'ROUTE_NOT_FOUND' });
  };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    config: { brand_name: 'Portaal' },
    can: () => true,
  } as unknown as Session;
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: {
      en: { default: readLocale('en', 'default'), global: readLocale('en', 'global') },
      nl: { default: readLocale('nl', 'default'), global: readLocale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/admin/mailings/new',
        // As the route composes it: the customers feature's picker in the mailings feature's wizard.
        component: () => <MailingWizard customerField={CustomerPicker} />,
      }),
      createRoute({ getParentRoute: () => root, path: '/admin/mailings', component: () => null }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/admin/mailings/new'] }),
  });
  renderScreen({ router: router, session: session, queryClient: queryClient, i18n: i18n });
  return { calls, user: userEvent.setup() };
}

describe('MailingWizard', () => {
  it('step 1 shows the live recipient count and preview; step 2 refuses what SPEC.md §5 refuses', async () => {
    const { user } = await setup('en');
    expect(await screen.findByTestId('recipient-count')).toHaveTextContent('2 recipients');
    // jsdom is a phone here: the recipients as a list.
    expect(within(screen.getByTestId('recipient-preview')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('oliver.hughes@northwind.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next step' }));

    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Mail content' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'November maintenance');
    await user.type(screen.getByRole('textbox', { name: /^English subject/ }), 'Too short');
    await user.type(screen.getByRole('textbox', { name: /^English text/ }), 'Nineteen characters');
    await user.click(screen.getByRole('button', { name: 'Next step' }));

    expect(await screen.findByText('The subject needs at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('The text needs at least 20 characters.')).toBeInTheDocument();
    expect(screen.getByText('A Dutch subject is required.')).toBeInTheDocument();
    // The first wrong field has the focus, and the wizard stays on step 2.
    expect(screen.getByRole('textbox', { name: /^English subject/ })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Mail content' })).toBeInTheDocument();
  }, 60_000);

  it('step 1 with no recipients says so once, and what to do when Next is pressed (Dutch)', async () => {
    const { user } = await setup('nl', {
      recipients: { count: 0, languages: { en: 0, nl: 0 }, recipients: [] },
    });
    const none =
      'Deze selectie heeft geen ontvangers. Alleen contactpersonen die voor mailings hebben gekozen staan op de lijst.';
    expect(await screen.findByText(none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende stap' }));
    expect(
      await screen.findByText('Pas de selectie aan zodat de mailing minstens één ontvanger heeft.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(none)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: /^Stap 1 van 3/ })).toBeInTheDocument();
  }, 60_000);

  it('sends a complete mailing after confirmation and shows its progress (Dutch)', async () => {
    const { user, calls } = await setup('nl');
    expect(await screen.findByTestId('recipient-count')).toHaveTextContent('2 ontvangers');
    await user.click(screen.getByRole('button', { name: 'Volgende stap' }));
    // Pasted (typing each letter is slow in jsdom; step 2's rules are the first test's).
    await fill(user, /^Label/, 'Onderhoud november');
    await fill(user, /^Engels onderwerp/, 'Planned maintenance');
    await fill(user, /^Engelse tekst/, 'On 30 November we update the storage cluster.');
    await fill(user, /^Nederlands onderwerp/, 'Gepland onderhoud');
    await fill(user, /^Nederlandse tekst/, 'Op 30 november werken we het opslagcluster bij.');
    await user.click(screen.getByRole('button', { name: 'Volgende stap' }));

    expect(
      await screen.findByRole('heading', { name: 'Stap 3 van 3: Mailing controleren' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('preview-en')).toHaveTextContent(
      'On 30 November we update the storage cluster.',
    );
    await user.click(screen.getByRole('button', { name: 'Mailing versturen' }));
    await user.click(await screen.findByRole('button', { name: 'Versturen naar 2 ontvangers' }));

    expect(await screen.findByRole('heading', { name: 'De mailing is onderweg' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('mailing-progress')).toHaveTextContent('1 van 2 bezorgd'));
    expect(screen.getByTestId('mailing-failed')).toHaveTextContent('1 mislukt');
    expect(screen.getByRole('progressbar', { name: '1 van 2 bezorgd' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 van 2 mislukt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mailing openen' })).toHaveAttribute('href', '/admin/mailings/7');
    const created = calls.find(
      (call) => call.method === 'POST' && call.url.endsWith('/api/admin/v2/mailings'),
    );
    expect(created?.body).toEqual({
      label: 'Onderhoud november',
      sender: 'Portaal',
      subject: { en: 'Planned maintenance', nl: 'Gepland onderhoud' },
      body: {
        en: 'On 30 November we update the storage cluster.',
        nl: 'Op 30 november werken we het opslagcluster bij.',
      },
      query: { customer_statuses: ['active'], languages: [], products: [], roles: [], customer_ids: [] },
    });
    expect(calls.some((call) => call.url.endsWith('/mailings/7/send'))).toBe(true);
  }, 60_000);

  it('a refused send tried again sends the same draft, not a second one; Cancel has the focus', async () => {
    const { user, calls } = await setup('en', { refusedSends: 1 });
    expect(await screen.findByTestId('recipient-count')).toHaveTextContent('2 recipients');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    await fill(user, /^Label/, 'November maintenance');
    await fill(user, /^English subject/, 'Planned maintenance');
    await fill(user, /^English text/, 'On 30 November we update the storage cluster.');
    await fill(user, /^Dutch subject/, 'Gepland onderhoud');
    await fill(user, /^Dutch text/, 'Op 30 november werken we het opslagcluster bij.');
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    const sendAndConfirm = async () => {
      await user.click(await screen.findByRole('button', { name: 'Send mailing' }));
      // Sending cannot be undone: Enter right after the question opens does not send.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Send to 2 recipients' }));
    };
    await sendAndConfirm();
    expect(
      await screen.findByText('The mailing list has no recipients: change the selection.'),
    ).toBeInTheDocument();
    await sendAndConfirm();
    expect(await screen.findByRole('heading', { name: 'The mailing is on its way' })).toBeInTheDocument();
    const written = calls.filter((call) => call.method === 'POST' && call.url.endsWith('/admin/v2/mailings'));
    expect(written).toHaveLength(1);
    expect(calls.filter((call) => call.url.endsWith('/mailings/7/send'))).toHaveLength(2);
  }, 60_000);

  it('step 1 picks customers by name or number, shows them by name, and removes them, by keyboard', async () => {
    const { user, calls } = await setup('en');
    await screen.findByTestId('recipient-count');
    const picker = screen.getByRole('combobox', { name: /^Only these customers/ });
    await user.click(picker);
    await user.keyboard('gouden');
    expect(await option('Bakkerij De Gouden Korst B.V. (1001)')).toHaveAttribute('data-combobox-selected');
    await user.keyboard('{Enter}');
    // Chosen: shown by name, and the box is empty for the next one.
    const chosen = await screen.findByRole('list', { name: '1 customer chosen' });
    expect(chosen).toHaveTextContent('Bakkerij De Gouden Korst B.V.');
    expect(picker).toHaveValue('');
    // The list closes until the next one is typed: it covers nothing below the field.
    await waitFor(() => expect(picker).toHaveAttribute('aria-expanded', 'false'));
    await user.keyboard('1002');
    // The search also finds Greenfield (its accounting id holds the digits), first by name; the
    // customer with this number is the one highlighted.
    await option('Greenfield Analytics Ltd (1004)');
    expect(await option('Northwind Logistics Ltd (1002)')).toHaveAttribute('data-combobox-selected');
    // A chosen customer is no option any more.
    expect(noOption(/Gouden Korst/)).toBeNull();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: '2 customers chosen' })).toBeInTheDocument();
    const lastQuery = () =>
      calls.filter((call) => call.url.endsWith('/mailings/recipients')).at(-1)?.body as {
        customer_ids: number[];
      };
    await waitFor(() => expect(lastQuery().customer_ids).toEqual([1001, 1002]));

    // Each one has a remove button of its own; removing moves the focus to the next one.
    const removeFirst = screen.getByRole('button', { name: 'Remove Bakkerij De Gouden Korst B.V.' });
    removeFirst.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('list', { name: '1 customer chosen' })).not.toHaveTextContent('Gouden');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Northwind Logistics Ltd' })).toHaveFocus(),
    );
    await waitFor(() => expect(lastQuery().customer_ids).toEqual([1002]));
    await user.keyboard('{Enter}');
    // The last one removed: the focus is back in the search box, and the list is gone.
    await waitFor(() => expect(picker).toHaveFocus());
    expect(screen.queryByRole('list', { name: /chosen/ })).toBeNull();
  }, 60_000);

  it('step 3 names the mailing list in words, the chosen customers by name (Dutch)', async () => {
    const { user } = await setup('nl');
    await screen.findByTestId('recipient-count');
    await user.click(screen.getByRole('combobox', { name: /^Alleen deze klanten/ }));
    await user.keyboard('north');
    await option('Northwind Logistics Ltd (1002)');
    await user.keyboard('{Enter}');
    await screen.findByRole('list', { name: '1 klant gekozen' });
    await user.click(screen.getByRole('checkbox', { name: 'Eigenaar' }));
    await user.click(screen.getByRole('button', { name: 'Volgende stap' }));
    await fill(user, /^Label/, 'Onderhoud november');
    await fill(user, /^Engels onderwerp/, 'Planned maintenance');
    await fill(user, /^Engelse tekst/, 'On 30 November we update it.');
    await fill(user, /^Nederlands onderwerp/, 'Gepland onderhoud');
    await fill(user, /^Nederlandse tekst/, 'Op 30 november werken we bij.');
    await user.click(screen.getByRole('button', { name: 'Volgende stap' }));
    const query = await screen.findByTestId('mailing-query');
    expect(query).toHaveTextContent('Status van de klantActief');
    expect(query).toHaveTextContent('KlantenNorthwind Logistics Ltd (1002)');
    expect(query).toHaveTextContent('Rollen van contactpersonenEigenaar');
    expect(query).toHaveTextContent('Taal van de klantEngels en Nederlands');
  }, 60_000);
});
