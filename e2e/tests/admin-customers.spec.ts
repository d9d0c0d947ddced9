import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  chooseColourMode,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
} from './support.ts';

/*
 * The staff customer screen (SPEC.md §2 "Customers: search, and create customer with customer ID and
 * accounting ID lookups"), in Dutch: the staff moderator searches, creates a customer (the lookups
 * say the id is free and which customer holds an accounting id) and finds it in the list; the staff
 * viewer reads the list without the create button. Axe and screenshots in both colour modes, both
 * languages, on a phone and a wide screen.
 */

const stamp = Date.now().toString(36);
/** An id no other run of the suite takes: the demo ids are 1–1006. */
const FREE_ID = 100_000 + (Date.now() % 800_000);

const list = (page: Page) => page.getByRole('region', { name: /^(Alle klanten|All customers)$/ });
const rows = (page: Page) => page.getByTestId('admin-customer-row');

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: /^(Klanten zoeken|Search customers)$/ });
  await box.fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page).toHaveURL(new RegExp(encodeURIComponent(text)));
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
}

test('the staff moderator in Dutch: searches, creates a customer with the lookups, finds and opens it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Zeilmakerij De Wind ${stamp}`;
  const accountingId = `ACC-E2E-${stamp}`;
  await signIn(page, 'staff-moderator', { language: 'nl' });

  await test.step('the navigation leads to the screen, which lists every customer', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Klanten', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klanten');
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeGreaterThanOrEqual(7);
  });

  await test.step('searches by name and by accounting id', async () => {
    await search(page, 'korst');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(CUSTOMERS.goudenKorst.name);
    await search(page, 'ACC-10002');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(CUSTOMERS.northwind.name);
    await search(page, 'bestaat-niet-xyz');
    await expect(page.getByTestId('admin-customers-empty')).toContainText('Geen klant gevonden');
  });

  await test.step('creates a customer: the lookups say which id and accounting id are free', async () => {
    await page.getByRole('button', { name: 'Nieuwe klant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klant' });
    const id = dialog.getByRole('textbox', { name: 'Klantnummer' });
    await expect(id).toHaveAccessibleDescription(/^Laat leeg voor het eerstvolgende vrije nummer: \d+\.$/);
    await id.fill('1001');
    await expect(id).toHaveAccessibleDescription(`Al in gebruik door ${CUSTOMERS.goudenKorst.name} (1001).`);
    await id.fill(String(FREE_ID));
    await expect(dialog.getByTestId('customer-id-free')).toHaveText(`${FREE_ID} is vrij.`);
    const accounting = dialog.getByRole('textbox', { name: 'Boekhoudnummer' });
    await accounting.fill('ACC-10002');
    await expect(accounting).toHaveAccessibleDescription(
      `Al gekoppeld aan ${CUSTOMERS.northwind.name} (${CUSTOMERS.northwind.id}).`,
    );
    // The form refuses to send what the lookup already knows is taken.
    await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
    await dialog.getByRole('button', { name: 'Klant aanmaken' }).click();
    await expect(accounting).toBeFocused();
    await accounting.fill(accountingId);
    await expect(dialog.getByTestId('accounting-id-free')).toHaveText(
      'Nog geen klant heeft dit boekhoudnummer.',
    );
    await dialog.getByRole('textbox', { name: 'Telefoon' }).fill('+31 341 123 456');
    await dialog.getByRole('textbox', { name: 'Straat' }).fill('Strandboulevard');
    await dialog.getByRole('textbox', { name: 'Huisnummer' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('3841 AB');
    await dialog.getByRole('textbox', { name: 'Plaats' }).fill('Harderwijk');
    await settle(page);
    await expectNoAxeViolations(page, 'new customer form, nl');
    await saveScreenshot(page, 'admin-customers-form-nl-1440-light');
    await dialog.getByRole('button', { name: 'Klant aanmaken' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Klant aangemaakt')).toBeVisible();
    await expect(page.getByText(`${name} heeft klantnummer ${FREE_ID}.`)).toBeVisible();
  });

  await test.step('the list shows the new customer, also by its accounting id', async () => {
    await expect(page.getByRole('searchbox', { name: 'Klanten zoeken' })).toHaveValue(String(FREE_ID));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(name);
    await expect(rows(page)).toContainText(accountingId);
    await expect(rows(page)).toContainText('Harderwijk');
    await search(page, accountingId);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(name);
  });

  await test.step('opening it selects it in the switcher and shows its company page', async () => {
    await rows(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/company/${FREE_ID}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('customer-switcher')).toHaveValue(name);
  });
});

test('the staff viewer reads the list but cannot create customers', async ({ page }) => {
  await signIn(page, 'staff-viewer', { language: 'nl' });
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klanten');
  await expect(rows(page).first()).toBeVisible();
  await search(page, 'northwind');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Nieuwe klant' })).toHaveCount(0);
  await expect(page.getByTestId('new-customer')).toHaveCount(0);
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

for (const mode of MODES) {
  test(`axe and screenshots of the customer screen, ${mode} mode`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await chooseColourMode(page, mode);
    for (const language of ['nl', 'en'] as const) {
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        const label = `${language}-${width.name}-${mode}`;
        await page.goto('/admin/customers');
        await expect(rows(page).first()).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `customer list, ${label}`);
        await saveScreenshot(page, `admin-customers-list-${label}`);
        await page.getByTestId('new-customer').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: /^(Klantnummer|Customer ID)$/ }).fill('1002');
        await expect(dialog.getByText(CUSTOMERS.northwind.name)).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `new customer form, ${label}`);
        await saveScreenshot(page, `admin-customers-form-${label}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
  });
}
