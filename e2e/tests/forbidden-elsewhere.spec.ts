import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  expectForbiddenPage,
  expectNoAxeViolations,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * Issue 15 item 4: multi is owner of 1002 and viewer of 1003. With 1003 selected, Servers (trend-read)
 * is refused; the forbidden page offers 1002, where multi may open it, and the customer switcher.
 * Choosing 1002 opens Servers there. A screen no customer allows (a staff tool) offers nothing.
 */

async function selectVanDijk(page: Page) {
  const switcher = page.getByTestId('customer-switcher');
  await switcher.click();
  await page.getByRole('listbox').getByRole('option', { name: CUSTOMERS.vanDijk.name, exact: true }).click();
  await expect(switcher).toHaveValue(CUSTOMERS.vanDijk.name);
}

test('refused at one customer, offered the customer where the screen is allowed', async ({ page }) => {
  await signIn(page, 'multi', { language: 'en' });
  await selectVanDijk(page);

  await page.goto('/servers');
  await expectForbiddenPage(page);
  await expect(page).toHaveURL(/from=%2Fservers$/);
  const offer = page.getByRole('region', { name: 'Where you do have access' });
  await expect(offer).toContainText(`Not at ${CUSTOMERS.vanDijk.name}`);
  await expect(offer.getByRole('button')).toHaveText([`Open at ${CUSTOMERS.northwind.name}`]);
  await expect(offer.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.vanDijk.name);

  await offer.getByRole('button', { name: `Open at ${CUSTOMERS.northwind.name}` }).click();
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Servers');
  await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.northwind.name);

  await test.step('the switcher on the page does the same', async () => {
    await selectVanDijk(page);
    await page.goto('/servers');
    const switcher = page
      .getByRole('region', { name: 'Where you do have access' })
      .getByTestId('customer-switcher');
    await switcher.click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: CUSTOMERS.northwind.name, exact: true })
      .click();
    await expect(page).toHaveURL(/\/servers$/);
    await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.northwind.name);
  });

  await test.step('a staff tool: no customer allows it, so nothing is offered', async () => {
    await page.goto('/admin/usage');
    await expectForbiddenPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('forbidden-elsewhere')).toHaveCount(0);
  });
});

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`axe on the forbidden page with its offer, ${mode} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'multi', { language: 'en' });
    await selectVanDijk(page);
    await page.goto('/servers');
    await expect(page.getByTestId('forbidden-elsewhere')).toBeVisible();
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await expectNoAxeViolations(page, `forbidden with an offer, ${mode}, ${viewport.width} px`);
      await saveScreenshot(page, `forbidden-elsewhere-${viewport.width}-${mode}`);
    }
    // Leave multi on its main customer for the specs that follow.
    await page.getByRole('button', { name: `Open at ${CUSTOMERS.northwind.name}` }).click();
    await expect(page).toHaveURL(/\/servers$/);
  });
}
