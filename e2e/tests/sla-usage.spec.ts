import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { PROBE_APPLICATION, PROBE_CONTROL } from '../probe-target.ts';
import {
  type ColourMode,
  chooseColourMode,
  expectForbiddenPage,
  expectNoAxeViolations,
  mainNavigation,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
  switchCustomer,
} from './support.ts';

/*
 * SLA and usage (issue 12): the usage screen in Dutch for technical-viewer, the period chooser, a
 * bundle over quota, no Usage entry (and a forbidden screen) for a role without usage; every new screen passes axe in both colour
 * modes, and screenshots are kept at phone and desktop widths in both languages.
 */

const h1 = (page: Page, text: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1 })).toHaveText(text);

test('technical-viewer reads this month’s usage and the month before, in Dutch', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'technical-viewer', { language: 'nl' });
  await page.goto('/sla-usage/usage');
  await h1(page, 'Verbruik');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Uren',
    'Opslag',
    'Dataverkeer',
    'Observe',
  ]);
  const hour = page.getByRole('article', { name: 'Uur', exact: true });
  await expect(hour).toContainText('Support');
  await expect(hour).toContainText('Aan het begin van de maand: 16 u');
  await expect(hour.locator('[role=img]')).toHaveAttribute('aria-label', /^\d+% verbruikt, \d+% over$/);
  await expect(hour.getByTestId('usage-status')).toHaveText(/Ruim voldoende over|Raakt op|Op of bijna op/);
  await expect(page.getByRole('article', { name: 'Opslag', exact: true })).toContainText(/TiB/);

  const month = page.getByLabel('Maand');
  const options = await month.locator('option').allTextContents();
  expect(options).toHaveLength(13);
  await month.selectOption({ index: 1 });
  await expect(page).toHaveURL(/period=\d{4}-\d{2}/);
  await expect(page.getByRole('article')).toHaveCount(7);
});

test('a role without usage gets no Usage entry, and the screen itself is forbidden', async ({ page }) => {
  await signIn(page, 'financial-viewer', { language: 'en' });
  // DESIGN.md §2: financial_viewer holds uptime-read and usage-report-read, not usage-read.
  await page.goto('/sla-usage');
  await h1(page, 'SLA and usage');
  const nav = mainNavigation(page);
  await expect(nav.getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Application statuses', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Usage', exact: true })).toHaveCount(0);
  await page.goto('/sla-usage/usage');
  await expectForbiddenPage(page);
});

test('an owner sees a bundle over quota', async ({ page }) => {
  await signIn(page, 'multi', { language: 'en' });
  await switchCustomer(page, 'Northwind Logistics Ltd');
  await page.goto('/sla-usage/usage');
  // Last month, which is whole: the current month holds only its use up to today, and on the first of
  // the month that is too little to go over (usage.seed.ts; this test failed in CI on 1 December).
  await page.getByLabel('Month').selectOption({ index: 1 });
  await expect(page).toHaveURL(/period=\d{4}-\d{2}/);
  const hour = page.getByRole('article', { name: 'Hour', exact: true });
  await expect(hour.getByTestId('usage-overusage')).toHaveText(/^Over quota: \d/);
  await expect(hour).toContainText('used, more than the 8 h bundle');
  await expect(hour.getByTestId('usage-status')).toHaveText('Used up or nearly used up');
});

test('technical-viewer reads the application statuses, in Dutch', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'technical-viewer', { language: 'nl' });
  await page.goto('/sla-usage/application-statuses');
  await h1(page, 'Applicatiestatussen');
  const apps = page.locator('li[data-application]');
  // The demo's three and the probe target's (server.ts), which may not have been checked yet.
  await expect(apps).toHaveCount(4);
  for (const state of await apps.getByTestId('application-state').allTextContents()) {
    expect(['Beschikbaar', 'In onderhoud', 'Nog niet gecontroleerd']).toContain(state);
  }
  await expect(apps.first().getByTestId('application-uptime')).toHaveText(
    /^Beschikbaarheid \d+(,\d+)?%, doel \d+(,\d+)?% (niet )?gehaald$/,
  );
  await expect(page.locator('figure canvas')).toBeVisible();
  await expect(page.getByTestId('maintenance')).toContainText('Gepland');

  await page.getByText('Vorige periode', { exact: true }).click();
  await expect(page).toHaveURL(/range=lastPeriod/);
  await apps.nth(2).getByRole('link').click();
  await expect(page).toHaveURL(/app=\d+/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(
    await apps.nth(2).getByRole('link').innerText(),
  );
  await expect(page.locator('figure canvas')).toBeVisible();
});

test('owner sees this month at a glance on SLA and usage, and follows a link', async ({ page }) => {
  await signIn(page, 'owner', { language: 'en' });
  await page.goto('/sla-usage');
  await h1(page, 'SLA and usage');
  await expect(page.locator('[data-overview-application]')).toHaveCount(4);
  await expect(page.locator('[data-overview-application="Webwinkel"]')).toContainText(/Uptime \d/);
  await expect(page.locator('[data-overview-bundle]').first()).toBeVisible();
  await page.getByRole('link', { name: 'All usage' }).click();
  await h1(page, 'Usage');
});

test('the dashboard’s SLA panel writes uptime and target in Dutch number format', async ({ page }) => {
  await signIn(page, 'technical-viewer', { language: 'nl' });
  const panel = page.getByTestId('panel-sla');
  const webwinkel = panel.getByRole('listitem').filter({ hasText: 'Webwinkel' });
  // Target 99.90 % is "99,9%" in Dutch; the server sends numbers and the screen formats them.
  await expect(webwinkel).toContainText(/\d+(,\d+)?% \/ 99,9%/);
  await setLanguage(page, 'en');
  await expect(webwinkel).toContainText(/\d+(\.\d+)?% \/ 99\.9%/);
});

/** Last month as YYYY-MM (UTC, like the reports). */
function lastPeriod(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

test('financial-viewer downloads last month’s SLA report in Dutch, as PDF and CSV', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const sla = `SLA-${lastPeriod()}`;
  await signIn(page, 'financial-viewer', { language: 'nl' });
  await page.goto('/sla-usage/reports');
  await h1(page, 'Rapportages');
  await page.getByText('SLA-rapportage', { exact: true }).click();
  await expect(page).toHaveURL(/kind=sla/);
  const row = page.locator(`tr[data-report="${sla}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await h1(page, `SLA-rapportage ${sla}`);
  await expect(page.getByTestId('report-applications')).toContainText('Webwinkel');
  await expect(page.getByTestId('service-credit')).toHaveText(/servicecredit/);
  // The summary, the times (in the portal's zone) and the priorities of the screen are the files'.
  const summary = (await page.getByTestId('service-credit').locator('p').allTextContents()).map((line) =>
    line.trim(),
  );
  expect(summary.length).toBeGreaterThan(0);
  await expect(page.getByText(/tijden in Europe\/Amsterdam/)).toBeVisible();
  const incidents = page.getByTestId('report-incidents');
  const incidentCells =
    (await incidents.count()) > 0
      ? await incidents.locator('tbody tr').first().locator('td').allTextContents()
      : [];

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `${sla} downloaden als pdf` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`${sla}-nl.pdf`);
  const file = info.outputPath(`${sla}-nl.pdf`);
  await pdf.saveAs(file);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
  expect(stdout).toContain('SLA-rapportage');
  expect(stdout).toContain('Beschikbaarheid per applicatie');
  expect(stdout).toContain('Tijden in Europe/Amsterdam');
  expect(stdout).not.toContain('UTC');
  const flat = stdout.replace(/\s+/g, ' ');
  for (const line of summary) expect(flat).toContain(line);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `${sla} downloaden als csv` }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`${sla}-nl.csv`);
  const csvFile = info.outputPath(`${sla}-nl.csv`);
  await csv.saveAs(csvFile);
  const csvText = await readFile(csvFile, 'utf8');
  expect(csvText.startsWith('\uFEFF')).toBe(true);
  const csvLines = csvText.replace(/^\uFEFF/, '').split('\r\n');
  for (const line of summary) expect(csvLines).toContain(line.includes(';') ? `"${line}"` : line);
  expect(csvText).toContain('Gemeld (Europe/Amsterdam)');
  if (incidentCells.length > 0) {
    // Ticket, subject, priority ("1 Hoog"), opened (DD-MM-YYYY HH:mm), response and resolution with met/missed.
    const [ticket, , priority, opened, response, resolution] = incidentCells.map((cell) => cell.trim());
    expect(priority).toMatch(/^[123] (Hoog|Normaal|Laag)$/);
    const csvRow = csvLines.find((line) => line.startsWith(`${ticket};`)) ?? '';
    for (const cell of [priority, opened, response, resolution]) expect(csvRow).toContain(cell ?? '');
  }
});

const MODES: ColourMode[] = ['light', 'dark'];

/** Tells the probe target (server.ts) to answer 503 or 200 from now on. */
async function probeTarget(answer: 'down' | 'up') {
  const response = await fetch(`${PROBE_CONTROL}/${answer}`, { method: 'POST' });
  expect(response.status).toBe(204);
}

test('technical-viewer sees an application go down and come back, in Dutch', async ({ page }) => {
  // The product's prober checks once a minute (at a fixed offset per application); the screen
  // refreshes the list every 30 s and the checks every minute: each change shows within about 2 minutes.
  test.setTimeout(480_000);
  const change = { timeout: 180_000 };
  await signIn(page, 'technical-viewer', { language: 'nl' });
  await page.goto('/sla-usage/application-statuses');
  const app = page.locator('li[data-application]').filter({ hasText: PROBE_APPLICATION });
  const state = app.getByTestId('application-state');
  await expect(state).toHaveText('Beschikbaar', change);
  await app.getByRole('link', { name: PROBE_APPLICATION }).click();
  await expect(page).toHaveURL(/app=\d+/);
  const outages = page.getByTestId('outages');

  await probeTarget('down');
  await expect(state).toHaveText('Niet beschikbaar', change);
  // The outage in the list, still going on, with the prober's reason in Dutch.
  const outage = outages.locator('tbody tr').first();
  await expect(outage).toContainText('Duurt voort', change);
  await expect(outage).toContainText('HTTP 503 in plaats van 200');
  for (const mode of MODES) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `application down, ${mode}`);
    await saveScreenshot(page, `sla-application-down-nl-${mode}`);
  }

  await probeTarget('up');
  await expect(state).toHaveText('Beschikbaar', change);
  // The same outage, now ended: an end time instead of "still going on".
  await expect(outage).not.toContainText('Duurt voort', change);
  await expect(outage).toContainText('HTTP 503 in plaats van 200');
  await expect(outage.locator('td').nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  for (const mode of MODES) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `application back up, ${mode}`);
  }
  await saveScreenshot(page, 'sla-application-back-up-nl-dark');
});

const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 780 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

/** Signs in as staff (any customer) in a colour mode, on the customer whose screens are shot. */
async function prepare(page: Page, mode: ColourMode, customer: string) {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await signIn(page, 'staff-moderator', { language: 'en' });
  await chooseColourMode(page, mode);
  await switchCustomer(page, customer);
}

/** axe in both languages and widths, and screenshots of each. */
export async function shoot(page: Page, mode: ColourMode, name: string, ready: () => Promise<void>) {
  for (const language of ['en', 'nl'] as const) {
    await setLanguage(page, language);
    for (const width of WIDTHS) {
      await page.setViewportSize(width.viewport);
      await ready();
      await settle(page);
      const label = `${language}-${width.name}-${mode}`;
      await expectNoAxeViolations(page, `${name}, ${label}`);
      await saveScreenshot(page, `sla-${name}-${label}`);
    }
  }
}

for (const mode of MODES) {
  test(`Usage: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Northwind Logistics Ltd');
    await page.goto('/sla-usage/usage');
    await shoot(page, mode, 'usage', () => expect(page.getByRole('article')).toHaveCount(4));
  });

  test(`SLA overview: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Bakkerij De Gouden Korst B.V.');
    await page.goto('/sla-usage');
    await shoot(page, mode, 'overview', () =>
      expect(page.locator('[data-overview-application]')).toHaveCount(4),
    );
  });

  test(`Reports: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Bakkerij De Gouden Korst B.V.');
    await page.goto('/sla-usage/reports');
    await shoot(page, mode, 'reports', () => expect(page.locator('tr[data-report]').first()).toBeVisible());
    await page.goto(`/sla-usage/reports/SLA-${lastPeriod()}`);
    await shoot(page, mode, 'report-sla', () =>
      expect(page.getByTestId('report-applications')).toBeVisible(),
    );
    await page.goto(`/sla-usage/reports/USAGE-${lastPeriod()}`);
    await shoot(page, mode, 'report-usage', () => expect(page.getByTestId('report-items')).toBeVisible());
  });

  test(`Application statuses: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Bakkerij De Gouden Korst B.V.');
    await page.goto('/sla-usage/application-statuses?range=currentMonth');
    await shoot(page, mode, 'application-statuses', async () => {
      await expect(page.locator('li[data-application]')).toHaveCount(4);
      await expect(page.locator('figure canvas')).toBeVisible();
    });
  });
}
