import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, settle, signIn } from './support.ts';

/*
 * Global search (issue 14): `/` focuses the header's search box; a search from there finds a ticket
 * and a contact, grouped by kind with the matches marked, in Dutch; the Search screen passes axe.
 */

test('a search from the header finds a ticket and a contact, in Dutch', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'owner', { language: 'nl' });
  await page.keyboard.press('/');
  const box = page.getByTestId('header-search');
  await expect(box).toBeFocused();
  await box.fill('webshop');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=webshop/);
  const tickets = page.getByRole('region', { name: 'Tickets' });
  await expect(tickets.getByRole('link', { name: /SSL-certificaat webshop/ })).toBeVisible();
  await expect(tickets.locator('mark').first()).toHaveText(/webshop/i);
  // Each ticket's number with its status in Dutch, never the status's code.
  const statuses = /^#\d+ · (Nieuw|Open|In behandeling|Wacht op reactie|Gesloten)$/;
  for (const line of await tickets.getByRole('listitem').locator('p').allInnerTexts()) {
    expect(line).toMatch(statuses);
  }
  // An invoice's day in the Dutch format (DD-MM-JJJJ), not as the API writes it.
  await page.keyboard.press('/');
  await box.fill('INV-2026-00067');
  await box.press('Enter');
  const invoices = page.getByRole('region', { name: 'Facturen' });
  await expect(invoices.getByRole('listitem').locator('p')).toHaveText(/^\d{2}-\d{2}-2026\b/);

  await page.keyboard.press('/');
  await box.fill('Visser');
  await box.press('Enter');
  const contacts = page.getByRole('region', { name: 'Contactpersonen' });
  await contacts.getByRole('link', { name: 'Daan Visser' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daan Visser');

  await page.goto('/search?q=zzzqqq');
  await expect(page.getByText('Niets gevonden voor ‘zzzqqq’.')).toBeVisible();
  await page.goto('/search?q=webshop');
  await expect(tickets).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page, 'search results');
});

test('on a phone, `/` opens the Search screen and what is typed while it loads lands in its field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'owner', { language: 'en' });
  // The screen's code arrives late, as on a slow connection: the keys come before its field exists.
  await page.route(/\/assets\/search-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.keyboard.press('/');
  await page.keyboard.type('webshop');
  const field = page.getByTestId('search-input');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('webshop');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=webshop/);
  await expect(
    page.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: /SSL-certificaat webshop/ }),
  ).toBeVisible();
});
