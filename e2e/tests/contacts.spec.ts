import { expect, type Page, test } from '@playwright/test';
import {
  accessToken,
  type ColourMode,
  callApi,
  chooseColourMode,
  expectNoAxeViolations,
  saveScreenshot,
  settle,
  sidewaysOverflow,
  signIn,
} from './support.ts';

/*
 * Contacts (issue 14): the owner manages the contacts of Bakkerij De Gouden Korst in Dutch — SPEC's
 * role message and a refused phone number, create, the formatted number on the detail page, delete
 * with confirmation; the call list reordered by keyboard and saved; a viewer only reads. The list
 * and detail pages pass axe in both colour modes at phone and desktop widths.
 */

const LIST = '/company/1001/contacts';

/** The day `days` from today as DD-MM-YYYY, as a Dutch reader types it. */
const dutchDay = (days: number) => {
  const day = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getDate())}-${pad(day.getMonth() + 1)}-${day.getFullYear()}`;
};
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('the owner adds a contact, sees SPEC’s messages, and deletes it again, in Dutch', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto('/company');
  await page.getByRole('link', { name: 'Contactpersonen, bellijst en technische e-maillijst' }).click();
  await expect(h1(page)).toHaveText('Contactpersonen');
  await expect(page.getByRole('table').getByRole('link', { name: 'Daan Visser' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(9);

  await page.getByRole('button', { name: 'Nieuwe contactpersoon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe contactpersoon' });
  await dialog.getByLabel('Voornaam').fill('Ilse');
  await dialog.getByLabel('Achternaam').fill('Vermeulen');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ilse.vermeulen@goudenkorst.example');
  await dialog.getByLabel('Telefoon', { exact: true }).fill('12');
  await dialog.getByRole('button', { name: 'Contactpersoon opslaan' }).click();
  await expect(dialog.getByText('Kies minstens 1 rol')).toBeVisible();
  await expect(dialog.getByText('Vul een geldig telefoonnummer in.')).toBeVisible();

  await dialog.getByLabel('Telefoon', { exact: true }).fill('020 555 1234');
  await dialog.getByRole('checkbox', { name: 'Technisch lezer' }).check();
  await dialog.getByRole('button', { name: 'Contactpersoon opslaan' }).click();
  await expect(h1(page)).toHaveText('Ilse Vermeulen');
  await expect(page.getByRole('link', { name: '+31 20 555 1234' })).toBeVisible();
  await expect(page.getByText('Geen login')).toBeVisible();

  await page.getByRole('button', { name: 'Verwijderen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Contactpersoon verwijderen' });
  await expect(confirm).toContainText('Ilse Vermeulen verwijderen?');
  await confirm.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(h1(page)).toHaveText('Contactpersonen');
  await expect(page.getByRole('table').getByRole('link', { name: 'Ilse Vermeulen' })).toHaveCount(0);

  // Both changes are in the audit log on the Company screen, newest first, and the filters narrow it.
  await page.goto('/company/1001');
  const log = page.getByRole('region', { name: 'Auditlog' });
  await expect(log.getByRole('listitem').first()).toContainText('Contactpersoon verwijderd');
  await expect(log.getByRole('listitem').nth(1)).toContainText('Contactpersoon toegevoegd');
  await expect(log.getByRole('listitem').first()).toContainText('Sanne de Vries');
  // From the day after tomorrow, typed the Dutch way, nothing is left; the field's clear button brings
  // them back.
  const from = log.getByRole('textbox', { name: 'Vanaf' });
  await from.pressSequentially(dutchDay(2));
  await from.press('Escape');
  await expect(log.getByText('Geen wijzigingen gevonden.')).toBeVisible();
  await log.getByRole('button', { name: 'Vanaf wissen' }).click();
  await expect(from).toHaveValue('');
  await expect(log.getByRole('listitem').first()).toContainText('Contactpersoon verwijderd');
  // Filtered on company data, our two contact changes leave the list (whatever company-data changes
  // other tests made in this database stay; with none, the list says so).
  await log.getByLabel('Actie').selectOption({ label: 'Bedrijfsgegevens' });
  await expect(log.getByText('Contactpersoon toegevoegd')).toHaveCount(0);
  await expect(log.getByText('Contactpersoon verwijderd')).toHaveCount(0);
  await expect(log.getByText(/Geen wijzigingen gevonden\.|PO-nummer gewijzigd/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'company with audit log');
});

test('a viewer sees no audit log on the Company screen', async ({ page }) => {
  await signIn(page, 'viewer', { language: 'nl' });
  await page.goto('/company/1001');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bakkerij De Gouden Korst B.V.');
  await expect(page.getByRole('region', { name: 'Auditlog' })).toHaveCount(0);
});

test('the owner reorders the call list by keyboard and saves it; a viewer only reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto(LIST);
  const calls = page.getByRole('region', { name: 'Bellijst' }).getByRole('listitem');
  await expect(calls).toHaveCount(3);
  await expect(calls.first()).toContainText('Daan Visser');
  await page.getByRole('button', { name: 'Bram Kok omhoog' }).press('Enter');
  await expect(calls.first()).toContainText('Bram Kok');
  await expect(page.getByRole('button', { name: 'Bram Kok omhoog' })).toBeDisabled();
  await page.getByRole('button', { name: 'Volgorde opslaan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bellijst opgeslagen' })).toBeVisible();
  await page.reload();
  await expect(calls.first()).toContainText('Bram Kok');
  await page.getByRole('button', { name: 'Daan Visser omhoog' }).click();
  await page.getByRole('button', { name: 'Volgorde opslaan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bellijst opgeslagen' })).toBeVisible();

  const other = await browser.newPage();
  await signIn(other, 'viewer', { language: 'nl' });
  await other.goto(LIST);
  await expect(h1(other)).toHaveText('Contactpersonen');
  await expect(other.getByRole('table').getByRole('link', { name: 'Sanne de Vries' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Nieuwe contactpersoon' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /omhoog/ })).toHaveCount(0);
  await other.getByRole('table').getByRole('link', { name: 'Sanne de Vries' }).click();
  await expect(h1(other)).toHaveText('Sanne de Vries');
  await expect(other.getByRole('button', { name: 'Bewerken' })).toHaveCount(0);
  await expect(other.getByText('Liever bellen dan mailen.')).toHaveCount(0);
  await other.close();
});

const WIDTHS = [
  { name: 'phone', viewport: { width: 360, height: 780 } },
  // The call list's numbers broke in two at this width.
  { name: 'phone-390', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1024, height: 768 } },
  // From 80em (1280 px) the list is a table; at 1366 px it ran 6 px past the window.
  { name: 'table-1280', viewport: { width: 1280, height: 800 } },
  { name: 'table-1366', viewport: { width: 1366, height: 900 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`Contacts: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'owner', { language: 'nl' });
    await chooseColourMode(page, mode);
    for (const width of WIDTHS) {
      await page.setViewportSize(width.viewport);
      await page.goto(LIST);
      await expect(page.getByRole('region', { name: 'Bellijst' }).getByRole('listitem')).toHaveCount(3);
      await settle(page);
      // Nothing runs past the window (the seven-column table did at 1024 px).
      expect(
        await sidewaysOverflow(page),
        `contacts ${width.name}: horizontal overflow in px`,
      ).toBeLessThanOrEqual(0);
      // A phone number is never broken over two lines (the call list's were at 390 px).
      const numbers = page.locator('main').getByText(/^\+31[\d ]+$/);
      expect(await numbers.count()).toBeGreaterThan(0);
      const lines = await numbers.evaluateAll((elements) =>
        elements
          .filter((element) => element.checkVisibility())
          .map((element) => element.getClientRects().length),
      );
      expect(lines.length, `contacts ${width.name}: visible phone numbers`).toBeGreaterThan(0);
      expect(new Set(lines), `contacts ${width.name}: lines per phone number`).toEqual(new Set([1]));
      await expectNoAxeViolations(page, `contacts ${width.name} ${mode}`);
      await saveScreenshot(page, `contacts-list-${width.name}-${mode}`);
      await page.goto('/company/1001/contacts/1');
      await expect(h1(page)).toHaveText('Sanne de Vries');
      await settle(page);
      await expectNoAxeViolations(page, `contact ${width.name} ${mode}`);
      await saveScreenshot(page, `contacts-detail-${width.name}-${mode}`);
      await page.getByRole('button', { name: 'Bewerken' }).click();
      await expect(page.getByLabel('Voornaam')).toHaveValue('Sanne');
      await expectNoAxeViolations(page, `contact form ${width.name} ${mode}`);
      await saveScreenshot(page, `contacts-form-${width.name}-${mode}`);
    }
  });
}

test('a name of 100 characters wraps in the table at 1440 px: every column stays in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'owner', { language: 'en' });
  // One word, as long as a first name may be; the last name sorts it onto the first page.
  const firstName = `Wilhelmina${'x'.repeat(90)}`;
  const contact = await callApi<{ contact_id: number }>(page, 'POST', '/api/v2/customer/1001/contacts', {
    first_name: firstName,
    last_name: 'Aalders',
    email: 'wilhelmina.aalders.with.a.long.address@goudenkorst.example',
    phone: '020 555 0190',
    cellular: '06 12345690',
    roles: ['financial_moderator'],
    language: 'en',
  });
  try {
    await page.goto(LIST);
    const row = page.getByRole('row').filter({ hasText: firstName });
    await expect(row).toBeVisible();
    await settle(page);
    expect(await sidewaysOverflow(page), 'page overflow in px').toBeLessThanOrEqual(0);
    // The table's own box does not scroll sideways either: the name breaks instead.
    const table = page.getByRole('table');
    const scrolls = await table.evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return box.scrollWidth - box.clientWidth;
    });
    expect(scrolls, 'table overflow in px').toBeLessThanOrEqual(0);
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(7);
    // Phone, mobile, roles, language and login within the window's width, the name beside them.
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      expect(box && box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(1440);
    }
    await expect(cells.last()).toHaveText('No login');
  } finally {
    const removed = await page.request.delete(`/api/v2/customer/1001/contacts/${contact.contact_id}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(removed.status()).toBe(204);
  }
});

test('a contact or customer id that is not one is the page-not-found error', async ({ page }) => {
  await signIn(page, 'owner', { language: 'en' });
  for (const path of ['/company/1001/contacts/abc', '/company/-1/contacts']) {
    await page.goto(path);
    await expect(page.getByTestId('error-text')).toHaveText(`Page not found: ${path}`);
  }
});
