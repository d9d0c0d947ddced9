// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Report, UsageReport } from '@portaal/contracts';
import { ticketPriorityNames } from '@portaal/contracts/report-display';
// The tester's SLA-2026-10 (and all met), shared with the API's PDF and CSV test.
import { slaReport, slaReportAllMet, slaReportWithCredit } from '@portaal/contracts/test-fixtures/reports';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale, setWide, testI18n } from '../../../test/dom.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ReportDetailPage } from './report-detail-page.tsx';

configure({ asyncUtilTimeout: 5000 });
beforeAll(installDomShims);
afterEach(cleanup);

const i18nFor = (language: 'en' | 'nl') => testI18n(language, ['default', 'global', 'usage', 'support']);

async function renderReport(body: Report, language: 'en' | 'nl') {
  const fetchStub: typeof fetch = async () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const customer = { id: 1001, name: 'Bakkerij' };
  const selected = { get: () => customer, subscribe: () => () => {} };
  const session = { api: createApiClient({ fetch: fetchStub }), queryClient, selected } as unknown as Session;
  const root = createRootRoute({ component: () => <Outlet /> });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/sla-usage/reports/$displayId',
    component: () => <ReportDetailPage displayId={body.display_id} />,
  });
  const list = createRoute({ getParentRoute: () => root, path: '/sla-usage/reports', component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([detail, list]),
    history: createMemoryHistory({ initialEntries: [`/sla-usage/reports/${body.display_id}`] }),
  });
  renderScreen({ router, session, queryClient, i18n: await i18nFor(language) });
}

describe('the SLA report screen', () => {
  it('does not say "all targets met" when an incident target was missed; priority by name; portal time zone', async () => {
    setWide(true);
    await renderReport(slaReport, 'en');
    const summary = await screen.findByTestId('service-credit');
    expect(summary).toHaveTextContent('Not all targets met: 1 incident target missed.');
    expect(summary).toHaveTextContent('No service credit owed.');
    expect(summary).not.toHaveTextContent('All targets met');
    const row = within(screen.getByTestId('report-incidents')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('1 High');
    expect(row).toHaveTextContent('27-10-2026 07:41');
    expect(row).toHaveTextContent('24 h 37 min (8 h) · missed');
    expect(screen.getByText(/made 01-11-2026 23:04 · times in Europe\/Amsterdam/)).toBeInTheDocument();
  });

  it('in Dutch; and "all targets met" when every target is', async () => {
    setWide(true);
    await renderReport(slaReportAllMet, 'nl');
    expect(await screen.findByTestId('service-credit')).toHaveTextContent(
      'Alle doelen gehaald: geen servicecredit verschuldigd.',
    );
    const row = within(screen.getByTestId('report-incidents')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('1 Hoog');
  });

  it('the priority names the PDF and CSV use (contracts) are the ticket screens’ (support.json)', () => {
    for (const language of ['en', 'nl'] as const) {
      expect((readLocale(language, 'support') as { priority: object }).priority).toEqual(
        Object.fromEntries(Object.entries(ticketPriorityNames[language])),
      );
    }
  });
});

describe('the availability per application', () => {
  it('is a table with a column per figure on wide screens', async () => {
    setWide(true);
    await renderReport(slaReport, 'en');
    const applications = await screen.findByTestId('report-applications');
    expect(applications).toHaveRole('table');
    expect(
      within(applications)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Application', 'Target', 'Uptime', 'Result', 'Downtime', 'Credit']);
  });

  it('is a card per application on phones, nothing to scroll sideways, in Dutch', async () => {
    setWide(false);
    await renderReport(slaReportWithCredit, 'nl');
    const applications = await screen.findByTestId('report-applications');
    expect(applications).toHaveRole('list');
    expect(applications).toHaveAccessibleName('Beschikbaarheid per applicatie');
    const cards = within(applications).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent(/^Webwinkel\s*99,5%/);
    expect(cards[0]).toHaveTextContent('Doel 99,9% · niet gehaald · uitval 20 min · servicecredit 10%');
  });
});

describe('the incidents', () => {
  it('are a table with a column per figure on wide screens', async () => {
    setWide(true);
    await renderReport(slaReport, 'en');
    const incidents = await screen.findByTestId('report-incidents');
    expect(incidents).toHaveRole('table');
    expect(
      within(incidents)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ticket', 'Subject', 'Priority', 'Opened', 'Response (target)', 'Resolution (target)']);
  });

  it('are a card per incident on phones, nothing to scroll sideways, in Dutch', async () => {
    setWide(false);
    await renderReport(slaReport, 'nl');
    const incidents = await screen.findByTestId('report-incidents');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(incidents).toHaveRole('list');
    expect(incidents).toHaveAccessibleName('Incidenten');
    const cards = within(incidents).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent(/^#10014 Kassakoppeling geeft time-outs/);
    expect(cards[0]).toHaveTextContent(
      'Prioriteit 1 Hoog · gemeld 27-10-2026 07:41 · reactie 25 min (doel 1 u), gehaald · oplossing 24 u 37 min (doel 8 u), niet gehaald',
    );
  });
});

/** A usage month: 12 support hours used of 10 bought, 2 over quota at € 95. */
const usageReport: UsageReport = {
  kind: 'usage',
  display_id: 'USAGE-2026-10',
  period: '2026-10',
  generated_at: '2026-11-01T22:04:00Z',
  items: [
    {
      type: 'hours',
      usage_type: 'hour',
      subtype: 'support',
      unit: 'hour',
      bought: 10,
      used: 12,
      month_balance: -2,
      left_over: 0,
      over_quota: 2,
      rate: '95.00',
      cost: '190.00',
    },
  ],
  total_cost: '190.00',
};
const storageItem: UsageReport['items'][number] = {
  type: 'storage',
  usage_type: 'storage',
  subtype: 'block',
  unit: 'TiB',
  bought: 4,
  used: 2.5,
  month_balance: 1.5,
  left_over: 1.5,
  over_quota: 0,
  rate: '45.00',
  cost: '0.00',
};

describe('the usage report items', () => {
  it('are a table with a column per figure on wide screens', async () => {
    setWide(true);
    await renderReport(usageReport, 'en');
    const items = await screen.findByTestId('report-items');
    expect(items).toHaveRole('table');
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Specification',
      'Bought',
      'Used',
      'Month balance',
      'Left over',
      'Over quota',
      'Rate',
      'Per unit',
      'Cost',
    ]);
  });

  it('are a card per item on phones, nothing to scroll sideways, in Dutch', async () => {
    setWide(false);
    await renderReport({ ...usageReport, items: [...usageReport.items, storageItem] }, 'nl');
    const items = await screen.findByTestId('report-items');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(items).toHaveRole('list');
    expect(items).toHaveAccessibleName('Regels van de verbruiksrapportage');
    const cards = within(items).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(/^Uur \(Support\)\s*€ 190,00/);
    expect(cards[0]).toHaveTextContent(
      'Afgenomen 10 u · verbruikt 12 u · maandsaldo -2 u · resterend 0 min · boven bundel 2 u · tarief € 95,00 per uur',
    );
    expect(cards[1]).toHaveTextContent(/^Opslag \(Blokopslag\)\s*€ 0,00/);
    expect(cards[1]).toHaveTextContent('tarief € 45,00 per TiB');
    expect(screen.getByText('Totaal boven de bundels: € 190,00')).toBeInTheDocument();
  });
});
