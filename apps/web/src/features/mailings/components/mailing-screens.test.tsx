// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Mailing, MailingSummary } from '@portaal/contracts/mailings';
import { hasRights, staffModeratorRights, staffViewerRights } from '@portaal/contracts/rights';
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
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
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

/** A mailing left a draft (the wizard closed, or its send refused): nothing sent, no recipients fixed. */
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

const summaryOf = ({
  body: _body,
  sender: _sender,
  query: _query,
  customers: _customers,
  ...summary
}: Mailing) => summary satisfies MailingSummary;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Staff {
  /** Whose rights: the staff moderator (may send) or the staff viewer (reads only). */
  role?: 'moderator' | 'viewer';
  /** The recipients the mailing's query reaches now (POST …/mailings/recipients). */
  recipients?: () => number;
  /** The answer to POST …/mailings/12/send. */
  send?: () => Response;
  /** The overview's page (GET …/mailings); the sending mailing when not given. */
  list?: () => MailingSummary[];
}

/**
 * A mailing screen on a memory router, over a fetch that answers the mailing `answer()` gives, the
 * recipient count and the send of `staff`; `calls` records what was asked, as "METHOD path".
 */
async function setup(language: 'en' | 'nl', path: string, answer: () => Mailing, staff: Staff = {}) {
  let reads = 0;
  const calls: string[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
    calls.push(`${method} ${url.pathname}`);
    if (url.pathname === '/api/admin/v2/mailings/12') {
      reads += 1;
      return json(200, answer());
    }
    if (url.pathname === '/api/admin/v2/mailings/recipients') {
      const count = staff.recipients?.() ?? 0;
      return json(200, { count, languages: { en: count, nl: 0 }, recipients: [] });
    }
    if (url.pathname === '/api/admin/v2/mailings/12/send' && staff.send) return staff.send();
    if (url.pathname === '/api/admin/v2/mailings') return json(200, staff.list?.() ?? [summaryOf(sending)]);
    return json(404, { status: 404, code: 'MAILING_NOT_FOUND' });
  };
  const rights = { global: staff.role === 'viewer' ? staffViewerRights : staffModeratorRights };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    config: { brand_name: 'Portaal' },
    can: (requirement: Parameters<typeof hasRights>[1]) =>
      hasRights(rights, requirement, undefined, () => {}),
  } as unknown as Session;
  const i18n = await testI18n(language);
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
  renderScreen({ router: router, session: session, queryClient: queryClient, i18n: i18n });
  return { router, reads: () => reads, calls, user: userEvent.setup() };
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

describe('sending a draft from its detail screen', () => {
  const problem = (status: number, code: string) =>
    new Response(JSON.stringify({ status, code, title: code, type: 'about:blank' }), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });

  it('"Send mailing" with the count its list reaches now, for the staff moderator on a draft only', async () => {
    // The staff viewer may not send (the API refuses it too): no action, and no count asked for.
    const viewer = await setup('en', '/admin/mailings/12', () => draft, {
      role: 'viewer',
      recipients: () => 3,
    });
    expect(await screen.findByText('This mailing is a draft: nothing has been sent.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send mailing' })).toBeNull();
    expect(screen.queryByTestId('draft-recipient-count')).toBeNull();
    expect(viewer.calls).not.toContain('POST /api/admin/v2/mailings/recipients');
    cleanup();

    // A mailing that is no draft cannot be sent again, whoever looks.
    await setup('en', '/admin/mailings/12', () => sending, { role: 'moderator', recipients: () => 3 });
    expect(await screen.findByTestId('mailing-count-delivered')).toHaveTextContent('5');
    expect(screen.queryByRole('button', { name: 'Send mailing' })).toBeNull();
    cleanup();

    const moderator = await setup('en', '/admin/mailings/12', () => draft, {
      role: 'moderator',
      recipients: () => 3,
    });
    const button = await screen.findByRole('button', { name: 'Send mailing' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByTestId('draft-recipient-count')).toHaveTextContent(
      'Sent now, it goes to 3 recipients.',
    );
    expect(button).toHaveAccessibleDescription('Sent now, it goes to 3 recipients.');
    expect(moderator.calls).toContain('POST /api/admin/v2/mailings/recipients');
  });

  it('asks first (by keyboard, the focus coming back on cancel), then sends and shows the progress', async () => {
    let current = draft;
    const { user, calls } = await setup('en', '/admin/mailings/12', () => current, {
      role: 'moderator',
      recipients: () => 3,
      send: () => {
        current = { ...sending, total: 3, delivered: 0, waiting: 3, failed: 0 };
        return json(202, {
          mailing_id: 12,
          status: 'sending',
          total: 3,
          delivered: 0,
          waiting: 3,
          failed: 0,
        });
      },
    });
    const button = await screen.findByRole('button', { name: 'Send mailing' });
    await waitFor(() => expect(button).toBeEnabled());

    // Escape cancels: nothing sent, the focus back on the button.
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Send this mailing?' });
    expect(dialog).toHaveTextContent('The mailing goes to 3 recipients now. This cannot be undone.');
    // Every button of the dialog has a name, its close button too (axe's button-name).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls).not.toContain('POST /api/admin/v2/mailings/12/send');

    // Cancel by its button does the same.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(calls).not.toContain('POST /api/admin/v2/mailings/12/send');

    // Confirmed: sent once, and the screen reads the mailing again and shows it sending.
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('button', { name: 'Send to 3 recipients' });
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('mailing-status')).toHaveTextContent('Sending'));
    expect(calls.filter((call) => call === 'POST /api/admin/v2/mailings/12/send')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('mailing-count-waiting')).toHaveTextContent('3');
    expect(screen.getByRole('progressbar', { name: '0 of 3 delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send mailing' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Progress' })).toHaveFocus());
  });

  it('no recipients any more (422): says so in Dutch, stays a draft and shows the count of now', async () => {
    let recipients = 3;
    const { user } = await setup('nl', '/admin/mailings/12', () => draft, {
      role: 'moderator',
      recipients: () => recipients,
      send: () => {
        recipients = 0;
        return problem(422, 'MAILING_NO_RECIPIENTS');
      },
    });
    const button = await screen.findByRole('button', { name: 'Mailing versturen' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Versturen naar 3 ontvangers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Niet verstuurd: niemand op de mailinglijst kan deze mailing nu ontvangen (alleen contactpersonen die voor mailings hebben gekozen tellen mee). Hij blijft een concept.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('mailing-status')).toHaveTextContent('Concept');
    expect(screen.getByText('Deze mailing is een concept: er is niets verstuurd.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('draft-recipient-count')).toHaveTextContent(/^Niemand/));
    expect(screen.getByRole('button', { name: 'Mailing versturen' })).toBeDisabled();
  });

  it('sent already (409): says so in English and changes nothing on the screen', async () => {
    const { user, calls } = await setup('en', '/admin/mailings/12', () => draft, {
      role: 'moderator',
      recipients: () => 3,
      send: () => problem(409, 'MAILING_NOT_DRAFT'),
    });
    const button = await screen.findByRole('button', { name: 'Send mailing' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Send to 3 recipients' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not sent: this mailing is no longer a draft, it has been sent already (perhaps by a colleague). Nothing was sent twice.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('mailing-status')).toHaveTextContent('Draft');
    expect(calls.filter((call) => call === 'POST /api/admin/v2/mailings/12/send')).toHaveLength(1);
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

  it('shows a draft as a draft: its badge and "not sent yet", no bar of 0 of 0', async () => {
    const list = () => [
      summaryOf(sending),
      summaryOf({ ...draft, mailing_id: 13, label: 'Draft left behind' }),
    ];
    await setup('en', '/admin/mailings', () => sending, { list });
    const link = await screen.findByRole('link', { name: 'Draft left behind' });
    // A table row on wide screens, a card on phones (jsdom matches no media query: cards).
    const row = link.closest<HTMLElement>('tr, li');
    if (!row) throw new Error('the draft has no row or card');
    expect(within(row).getByTestId('mailing-status')).toHaveTextContent('Draft');
    expect(within(row).getByTestId('mailing-not-sent')).toHaveTextContent('Not sent yet');
    expect(within(row).queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByRole('progressbar', { name: '5 of 8 delivered' })).toHaveLength(1);
  });
});
