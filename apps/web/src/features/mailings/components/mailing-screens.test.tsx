// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { Mailing, MailingSummary } from '@portaal/contracts/mailings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { MailingDetailPage } from './mailing-detail-page.tsx';
import { MailingsPage } from './mailings-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const sending: Mailing = {
  mailing_id: 12,
  status: 'sending',
  total: 8,
  delivered: 5,
  waiting: 2,
  failed: 1,
  label: 'Maintenance window Amsterdam 1',
  subject: { en: 'Planned maintenance in Amsterdam 1', nl: 'Gepland onderhoud in Amsterdam 1' },
  body: {
    en: 'On Saturday we replace the core switches.',
    nl: 'Op zaterdag vervangen we de core switches.',
  },
  sender: 'Portaal service desk',
  created_by: 'Joris Mulder',
  created_at: '2026-09-01T08:55:00.000000Z',
  sent_at: '2026-09-01T09:00:00.000000Z',
  query: {
    customer_statuses: ['active', 'suspended'],
    languages: [],
    products: ['observe'],
    customer_ids: [1001, 4242],
    roles: ['owner', 'technical_viewer'],
  },
  customers: [
    { customer_id: 1001, name: 'Bakkerij De Gouden Korst B.V.' },
    { customer_id: 4242, name: null },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A mailing screen on a memory router, over a fetch that answers the mailing `answer()` gives. */
async function setup(language: 'en' | 'nl', path: string, answer: () => Mailing) {
  let reads = 0;
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/admin/v2/mailings/12') {
      reads += 1;
      return json(200, answer());
    }
    if (url.pathname === '/api/admin/v2/mailings') {
      const { body: _body, sender: _sender, query: _query, customers: _customers, ...summary } = sending;
      return json(200, [summary satisfies MailingSummary]);
    }
    return json(404, { status: 404, code: 'MAILING_NOT_FOUND' });
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
      createRoute({ getParentRoute: () => root, path: '/admin/mailings', component: MailingsPage }),
      createRoute({
        getParentRoute: () => root,
        path: '/admin/mailings/$id',
        component: () => <MailingDetailPage mailingId={12} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { router, reads: () => reads, user: userEvent.setup() };
}

describe('the mailing detail screen', () => {
  it('shows the mailing, its query in words and both languages, and its progress moving on while sending', async () => {
    let current = sending;
    const { user, reads } = await setup('en', '/admin/mailings/12', () => current);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance window Amsterdam 1' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('mailing-status')).toHaveTextContent('Sending');
    expect(screen.getByText(/^Written by Joris Mulder on/)).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('SenderPortaal service desk');
    expect(details).toHaveTextContent('Recipients8');
    expect(within(details).getByText(/^01-09-2026 \d\d:\d\d$/)).toBeInTheDocument();

    // The query in words: any item of a group matches; an empty group says it narrows nothing.
    const query = screen.getByTestId('mailing-query');
    expect(query).toHaveTextContent('Customer statusActive or Suspended');
    expect(query).toHaveTextContent('Customer languageEnglish and Dutch');
    expect(query).toHaveTextContent('ProductsObserve');
    expect(query).toHaveTextContent(
      'CustomersBakkerij De Gouden Korst B.V. (1001) or Customer 4242 (does not exist)',
    );
    expect(query).toHaveTextContent('Contact rolesOwner or Technical viewer');

    // Subject and body in both languages.
    expect(
      screen.getByRole('heading', { level: 3, name: 'Planned maintenance in Amsterdam 1' }),
    ).toBeVisible();
    expect(screen.getByTestId('preview-en')).toHaveTextContent('On Saturday we replace the core switches.');
    await user.click(screen.getByRole('tab', { name: 'Dutch' }));
    expect(await screen.findByTestId('preview-nl')).toHaveTextContent(
      'Op zaterdag vervangen we de core switches.',
    );

    // Delivered, waiting, failed: as numbers, in words and as a bar.
    expect(screen.getByTestId('mailing-count-delivered')).toHaveTextContent('5');
    expect(screen.getByTestId('mailing-count-waiting')).toHaveTextContent('2');
    expect(screen.getByTestId('mailing-count-failed')).toHaveTextContent('1');
    expect(screen.getByRole('progressbar', { name: '5 of 8 delivered' })).toHaveAttribute(
      'aria-valuenow',
      '62.5',
    );
    expect(screen.getByRole('progressbar', { name: '1 of 8 failed' })).toBeInTheDocument();
    expect(screen.getByTestId('mailing-waiting')).toHaveTextContent('2 waiting');

    // While sending it reads itself again; once sent it stops.
    current = { ...sending, status: 'sent', delivered: 7, waiting: 0, failed: 1 };
    await waitFor(() => expect(screen.getByTestId('mailing-status')).toHaveTextContent('Sent'), {
      timeout: 6000,
    });
    expect(screen.getByTestId('mailing-count-delivered')).toHaveTextContent('7');
    expect(screen.getByTestId('mailing-count-waiting')).toHaveTextContent('0');
    expect(screen.queryByTestId('mailing-waiting')).toBeNull();
    const after = reads();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads()).toBe(after);
  }, 30_000);

  it('a draft in Dutch: nothing sent, every group unnarrowed in words', async () => {
    const draft: Mailing = {
      ...sending,
      status: 'draft',
      total: 0,
      delivered: 0,
      waiting: 0,
      failed: 0,
      sent_at: null,
      query: { customer_statuses: [], languages: [], products: [], customer_ids: [], roles: [] },
      customers: [],
    };
    await setup('nl', '/admin/mailings/12', () => draft);
    expect(await screen.findByTestId('mailing-status')).toHaveTextContent('Concept');
    expect(screen.getByText('Deze mailing is een concept: er is niets verstuurd.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('region', { name: 'Gegevens' })).toHaveTextContent(
      'Verstuurd opNog niet verstuurd',
    );
    const query = screen.getByTestId('mailing-query');
    expect(query).toHaveTextContent('Status van de klantElke status');
    expect(query).toHaveTextContent('ProductenMet of zonder producten');
    expect(query).toHaveTextContent('KlantenAlle klanten');
    expect(query).toHaveTextContent('Rollen van contactpersonenIedere contactpersoon');
  });
});

describe('the mailings overview', () => {
  it('opens a mailing from its label, a link keyboard users reach', async () => {
    const { router, user } = await setup('en', '/admin/mailings', () => sending);
    const link = await screen.findByRole('link', { name: 'Maintenance window Amsterdam 1' });
    expect(link).toHaveAttribute('href', '/admin/mailings/12');
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mailings/12'));
    expect(await screen.findByTestId('mailing-detail')).toBeInTheDocument();
  });
});
