import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  chooseColourMode,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
} from './support.ts';

/*
 * Administration (issue 13): financial-moderator of Bakkerij De Gouden Korst, in Dutch, finds the
 * overdue invoice from the overview, opens it, downloads its PDF and its Peppol e-invoice (UBL), and
 * asks to end a contract; every administration screen passes axe in both colour modes, and
 * screenshots are kept at phone and desktop widths in both languages.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('financial-moderator finds an overdue invoice, downloads its PDF and UBL and requests the end of a contract, in Dutch', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'financial-moderator', { language: 'nl' });
  // The bell told of the overdue invoice (the sweep at start), once; it opens the invoice.
  await page.getByTestId('notification-bell').click();
  const told = page
    .getByTestId('notification')
    .filter({ hasText: /Factuur INV-\d{4}-\d{5} is achterstallig/ });
  await expect(told).toHaveCount(1);
  await told.getByRole('button', { name: /Factuur INV-/ }).click();
  await expect(h1(page)).toHaveText(/^Factuur INV-\d{4}-\d{5}$/);
  await page.goto('/administration');
  await expect(h1(page)).toHaveText('Administratie');
  const overdue = page.getByTestId('overview-overdue');
  await expect(overdue).toContainText('1 factuur te laat');
  await expect(overdue).toContainText(/€\s[\d.]+,\d\d/);
  await expect(page.getByRole('heading', { name: 'Verlengingen in de komende 90 dagen' })).toBeVisible();
  await expect(page.getByText('Servicemanagement')).toBeVisible();

  await overdue.getByRole('link').click();
  await expect(page).toHaveURL(/\/administration\/invoices\?status=overdue/);
  await expect(h1(page)).toHaveText('Facturen');
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/\d+ dagen te laat/);
  const amount = rows.first().locator('td').nth(3);
  await expect(amount).toHaveCSS('text-align', 'right');
  await expect(amount).toHaveText(/^€\s[\d.]+,\d\d$/);

  // The PDF from the list.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .first()
      .getByRole('button', { name: /als pdf/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{5}\.pdf$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The invoice itself.
  await rows.first().getByRole('link').click();
  await expect(h1(page)).toHaveText(/^Factuur INV-\d{4}-\d{5}$/);
  await expect(page.getByTestId('invoice-lines')).toContainText('Beheerde server (4 vCPU, 16 GB)');
  await expect(page.getByTestId('invoice-lines')).toContainText('Totaal inclusief btw');
  const number = (await h1(page).textContent())?.replace('Factuur ', '') ?? '';

  // Its Peppol e-invoice (UBL 2.1) from the invoice screen.
  const [ubl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Factuur ${number} downloaden als e-factuur (UBL, Peppol)` }).click(),
  ]);
  expect(ubl.suggestedFilename()).toBe(`${number}.xml`);
  const xml = (await readFile((await ubl.path()) ?? '')).toString('utf8');
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
  expect(xml).toContain('urn:fdc:peppol.eu:2017:poacc:billing:3.0');

  // Searching by a date range finds it too, and a short search says what is wrong.
  await page.goto('/administration/invoices');
  await page.getByLabel('Zoeken', { exact: true }).fill('IN');
  await expect(page.getByText('Zoeken vraagt minstens 3 tekens, of een datum.')).toBeVisible();
  await page.getByLabel('Zoeken', { exact: true }).fill('INV-');
  await expect(page).toHaveURL(/q=INV-/);
  await expect(rows).toHaveCount(25);

  // A contract: its rules, billing and term, and the end request.
  await page.goto('/administration/contracts');
  await expect(h1(page)).toHaveText('Contracten');
  await expect(page.getByTestId('contract-row')).toHaveCount(5);
  // The switch lives in the URL (?ended=true): it shows checked once the navigation has committed.
  const showEnded = page.getByLabel('Beëindigde contracten tonen');
  await showEnded.click();
  await expect(showEnded).toBeChecked();
  await expect(page).toHaveURL(/[?&]ended=true/);
  await expect(page.getByTestId('contract-row')).toHaveCount(7);
  await page.getByRole('link', { name: 'Opslag', exact: true }).click();
  await expect(h1(page)).toHaveText('Opslag');
  await expect(page.getByTestId('contract-rules')).toContainText('Objectopslag (S3-compatibel)');
  await expect(page.getByRole('heading', { name: 'Facturering' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Looptijd' })).toBeVisible();
  // The end date is typed as a Dutch reader writes it, whatever the browser's locale.
  const endDate = page.getByRole('textbox', { name: 'Gewenste einddatum' });
  await expect(endDate).toHaveAttribute('placeholder', 'DD-MM-JJJJ');
  await endDate.pressSequentially('31-12-2099');
  await expect(endDate).toHaveValue('31-12-2099');
  await page.getByLabel('Reden (optioneel)').fill('We verhuizen naar eigen opslag.');
  await page.getByRole('button', { name: 'Beëindiging aanvragen' }).click();
  await expect(page.getByTestId('end-requested')).toContainText(
    'De beëindiging van dit contract is aangevraagd op',
  );
  await page.getByTestId('end-requested').getByRole('link').click();
  await expect(h1(page)).toHaveText(/Beëindiging contract CT-1001-02/);
});

test('the dashboard’s invoices panel writes its sums in the reader’s language, and again after a switch', async ({
  page,
}) => {
  await signIn(page, 'financial-viewer', { language: 'nl' });
  const items = page.getByTestId('panel-invoices').getByRole('listitem');
  // The overdue sum, labelled, then each overdue invoice with what is still due: "€ 2.504,70" in Dutch.
  await expect(items.first()).toHaveText(/^Totaal achterstallig: €\s\d{1,3}(\.\d{3})*,\d{2}$/);
  await expect(items.nth(1)).toContainText(/INV-\d{4}-\d{5}€\s\d{1,3}(\.\d{3})*,\d{2}/);
  // The language changes on the screen, not in the token: "€2,504.70" at once, without a new sign-in.
  await setLanguage(page, 'en');
  await expect(items.first()).toHaveText(/^Total overdue: €\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(items.nth(1)).toContainText(/INV-\d{4}-\d{5}€\d{1,3}(,\d{3})*\.\d{2}/);
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 780 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

for (const mode of MODES) {
  test(`axe and screenshots of the administration screens, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'financial-viewer', { language: 'en' });
    await chooseColourMode(page, mode);
    const screens: [string, string, () => Promise<void>][] = [
      ['overview', '/administration', () => expect(page.getByTestId('overview-to_pay')).toBeVisible()],
      [
        'invoices',
        '/administration/invoices',
        () => expect(page.getByTestId('invoice-row').first()).toBeVisible(),
      ],
      [
        'invoices-empty',
        '/administration/invoices?q=NOPE-123',
        () => expect(page.getByTestId('invoices-empty')).toBeVisible(),
      ],
      [
        'contracts',
        '/administration/contracts?ended=true',
        () => expect(page.getByTestId('contract-row').first()).toBeVisible(),
      ],
      [
        'contract',
        '/administration/contracts/CT-1001-01',
        () => expect(page.getByTestId('contract-rules')).toBeVisible(),
      ],
    ];
    for (const language of ['en', 'nl'] as const) {
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        for (const [name, path, ready] of screens) {
          await page.goto(path);
          await ready();
          await settle(page);
          const label = `${name}, ${language}-${width.name}-${mode}`;
          await expectNoAxeViolations(page, label);
          await saveScreenshot(page, `administration-${name}-${language}-${width.name}-${mode}`);
        }
        // The invoice detail, reached from the list.
        await page.goto('/administration/invoices');
        await page.getByTestId('invoice-row').first().getByRole('link').first().click();
        await expect(page.getByTestId('invoice-lines')).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `invoice, ${language}-${width.name}-${mode}`);
        await saveScreenshot(page, `administration-invoice-${language}-${width.name}-${mode}`);
      }
    }
  });
}
