import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  callApi,
  chooseColourMode,
  expectForbiddenPage,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
} from './support.ts';

/*
 * Mass mailings (SPEC.md §2 "Mass-mailing wizard in 3 steps … Also an overview of sent mailings",
 * decision 0026), in Dutch: the staff moderator builds a mailing list of two customers, is stopped by
 * SPEC.md §5's rules, writes the mailing in both languages, checks and sends it, and sees it sent in
 * the overview; the staff viewer reads the overview without the wizard; a customer's owner gets the
 * forbidden page. Axe and screenshots in both colour modes and languages, on a phone and a wide screen.
 */

const stamp = Date.now().toString(36);
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepHeading = (page: Page) => page.locator('#mailing-step-title');

interface Summary {
  label: string;
  status: string;
}

test('the staff moderator in Dutch: mailing list, content with its rules, check, send, overview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'staff-moderator', { language: 'nl' });
  await page.goto('/admin/mailings');
  await expect(h1(page)).toHaveText('Mailings');
  await page.getByRole('link', { name: 'Nieuwe mailing' }).click();
  await expect(page).toHaveURL(/\/admin\/mailings\/new$/);
  await expect(h1(page)).toHaveText('Nieuwe mailing');
  await expect(page).toHaveTitle(/Nieuwe mailing/);

  await test.step('step 1: two customers, by keyboard; the count and the recipients follow', async () => {
    const customers = page.getByRole('combobox', { name: /^Alleen deze klanten/ });
    await customers.fill('1001');
    await customers.press('Enter');
    await customers.fill('1002');
    await customers.press('Enter');
    await expect(page.getByTestId('recipient-count')).toHaveText('2 ontvangers');
    const recipients = page.getByTestId('recipient-preview');
    await expect(recipients).toContainText('sanne.devries@goudenkorst.example');
    await expect(recipients).toContainText('oliver.hughes@northwind.example');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
  });

  await test.step('step 2: the rules of SPEC.md §5, then the content in both languages', async () => {
    await expect(stepHeading(page)).toHaveText('Stap 2 van 3: Inhoud van de mail');
    await page.getByRole('textbox', { name: /^Engels onderwerp/ }).fill('Te kort');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(page.getByText('Het onderwerp moet minstens 10 tekens hebben.')).toBeVisible();
    await expect(page.getByText('Een Nederlands onderwerp is verplicht.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Label/ })).toBeFocused();
    await page.getByRole('textbox', { name: /^Label/ }).fill(`Onderhoud e2e ${stamp}`);
    await page.getByRole('textbox', { name: /^Engels onderwerp/ }).fill('Planned maintenance on 30 November');
    await page
      .getByRole('textbox', { name: /^Engelse tekst/ })
      .fill('On 30 November we update the storage cluster. No downtime is expected.');
    await page
      .getByRole('textbox', { name: /^Nederlands onderwerp/ })
      .fill('Gepland onderhoud op 30 november');
    await page
      .getByRole('textbox', { name: /^Nederlandse tekst/ })
      .fill('Op 30 november werken we het opslagcluster bij. Er wordt geen onderbreking verwacht.');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
  });

  await test.step('step 3: the check, per language, then send with confirmation', async () => {
    await expect(stepHeading(page)).toHaveText('Stap 3 van 3: Mailing controleren');
    await expect(page.getByTestId('check-recipient-count')).toHaveText('2');
    await expect(page.getByTestId('preview-en')).toContainText('storage cluster');
    await page.getByRole('tab', { name: 'Nederlands' }).click();
    await expect(page.getByTestId('preview-nl')).toContainText('opslagcluster');
    await page.getByRole('button', { name: 'Mailing versturen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deze mailing versturen?' });
    await expect(dialog).toContainText('2 ontvangers');
    await dialog.getByRole('button', { name: 'Versturen naar 2 ontvangers' }).click();
    await expect(page.getByRole('heading', { name: 'De mailing is onderweg' })).toBeVisible();
    await expect(page.getByTestId('mailing-progress')).toHaveText('2 van 2 verstuurd', { timeout: 30_000 });
    await expect(page.getByTestId('mailing-status')).toHaveText('Verstuurd');
  });

  await test.step('the overview lists it as sent', async () => {
    await page.getByRole('link', { name: 'Naar alle mailings' }).click();
    await expect(page).toHaveURL(/\/admin\/mailings$/);
    const row = page.getByRole('row').filter({ hasText: `Onderhoud e2e ${stamp}` });
    await expect(row).toContainText('Gepland onderhoud op 30 november');
    await expect(row).toContainText('Verstuurd');
    await expect(row).toContainText('2 van 2 verstuurd');
    const list = await callApi<Summary[]>(page, 'GET', '/api/admin/v2/mailings?limit=5');
    expect(list.find((mailing) => mailing.label === `Onderhoud e2e ${stamp}`)?.status).toBe('sent');
  });
});

test('the staff viewer reads the overview, without the wizard', async ({ page }) => {
  await signIn(page, 'staff-viewer', { language: 'nl' });
  await page.goto('/admin/mailings');
  await expect(h1(page)).toHaveText('Mailings');
  await expect(page.getByTestId('mailings-table').or(page.getByTestId('mailings-empty'))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nieuwe mailing' })).toHaveCount(0);
  await page.goto('/admin/mailings/new');
  await expectForbiddenPage(page, 'nl');
});

test("a customer's owner gets the forbidden page", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto('/admin/mailings');
  await expectForbiddenPage(page, 'nl');
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 780 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

for (const mode of MODES) {
  test(`axe and screenshots of the mailing screens, ${mode} mode`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await chooseColourMode(page, mode);
    for (const language of ['nl', 'en'] as const) {
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        const label = `${language}-${width.name}-${mode}`;
        await page.goto('/admin/mailings');
        await expect(page.getByTestId(/^mailings-(table|cards|empty)$/)).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailings overview, ${label}`);
        await saveScreenshot(page, `admin-mailings-${label}`);

        await page.goto('/admin/mailings/new');
        await expect(page.getByTestId('recipient-count')).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailing list step, ${label}`);
        await saveScreenshot(page, `admin-mailings-new-${label}`);
        // The content step with its errors on show.
        await page.getByRole('button', { name: language === 'nl' ? 'Volgende stap' : 'Next step' }).click();
        await page.getByRole('button', { name: language === 'nl' ? 'Volgende stap' : 'Next step' }).click();
        await expect(
          page.getByRole('alert').or(page.locator('.mantine-InputWrapper-error')).first(),
        ).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailing content step, ${label}`);
        await saveScreenshot(page, `admin-mailings-content-${label}`);
      }
    }
  });
}
