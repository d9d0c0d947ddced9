import { expect, type Page, test } from '@playwright/test';
import {
  browserStorage,
  CUSTOMERS,
  callApi,
  DEMO_PASSWORD,
  loginForm,
  STORAGE_KEYS,
  sidewaysOverflow,
  signIn,
  topLevelNavigation,
} from './support.ts';

/*
 * SPEC.md §4 and issue 3 item 3: multi is owner of 1002 and viewer of 1003. Switching changes the
 * selected customer in storage and the navigation to 1003's rights, and keeps the user on the same
 * screen when 1003 allows it.
 */

async function switchCustomer(page: Page, name: string) {
  const switcher = page.getByTestId('customer-switcher');
  await switcher.click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(switcher).toHaveValue(name);
}

async function expectSelected(page: Page, customer: { id: number; name: string }) {
  await expect
    .poll(async () => {
      const { local } = await browserStorage(page);
      return [local[STORAGE_KEYS.customerId], local[STORAGE_KEYS.customerName]];
    })
    .toEqual([String(customer.id), customer.name]);
}

const ownerNavigation = [
  ['Dashboard', '/'],
  ['Servers', '/servers'],
  ['Support', '/support'],
  ['SLA and usage', '/sla-usage'],
  ['Administration', '/administration'],
  ['Company', '/company'],
];
const viewerNavigation = [
  ['Dashboard', '/'],
  ['Support', '/support'],
  ['Company', '/company'],
];

test('multi switches customer: stays where 1003 allows it, applies 1003’s rights, keeps the choice', async ({
  page,
}) => {
  await signIn(page, 'multi', { language: 'en' });
  await expectSelected(page, CUSTOMERS.northwind);
  expect(await topLevelNavigation(page)).toEqual(ownerNavigation);

  await test.step('on a screen both allow: stay there, with 1003’s navigation', async () => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await switchCustomer(page, CUSTOMERS.vanDijk.name);
    await expectSelected(page, CUSTOMERS.vanDijk);
    await expect.poll(() => topLevelNavigation(page)).toEqual(viewerNavigation);
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  });

  await test.step('the choice survives a reload (read back from storage at start-up)', async () => {
    await page.reload();
    await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.vanDijk.name);
    expect(await topLevelNavigation(page)).toEqual(viewerNavigation);
  });

  await test.step('on the company screen: the new customer’s company, with its own rights', async () => {
    await switchCustomer(page, CUSTOMERS.northwind.name);
    await expect.poll(() => topLevelNavigation(page)).toEqual(ownerNavigation);
    await page.goto('/company');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMERS.northwind.name);
    // Owner of 1002: may edit the PO number.
    await expect(page.getByRole('button', { name: 'Edit PO number' })).toBeVisible();
    await switchCustomer(page, CUSTOMERS.vanDijk.name);
    await expect(page).toHaveURL(/\/company(\/1003)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMERS.vanDijk.name);
    await expectSelected(page, CUSTOMERS.vanDijk);
    // Viewer of 1003: no edit control.
    await expect(page.getByTestId('po-number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit PO number' })).toHaveCount(0);
  });

  await test.step('a link to another customer’s company screen selects that customer', async () => {
    await switchCustomer(page, CUSTOMERS.northwind.name);
    await page.goto(`/company/${CUSTOMERS.vanDijk.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMERS.vanDijk.name);
    await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.vanDijk.name);
    await expectSelected(page, CUSTOMERS.vanDijk);
    expect(await topLevelNavigation(page)).toEqual(viewerNavigation);
  });

  await test.step('on a screen 1003 does not allow: to the dashboard, never the forbidden page', async () => {
    await switchCustomer(page, CUSTOMERS.northwind.name);
    await page.goto('/servers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Servers');
    await switchCustomer(page, CUSTOMERS.vanDijk.name);
    await expect(page).toHaveURL(/\/$/);
    await expectSelected(page, CUSTOMERS.vanDijk);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  await test.step("on a ticket: to the new customer's ticket list, not a ticket it cannot find", async () => {
    await switchCustomer(page, CUSTOMERS.northwind.name);
    await page.goto('/support');
    await page.getByTestId('ticket-table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/support\/ticket\/\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Conversation' })).toBeVisible();
    await switchCustomer(page, CUSTOMERS.vanDijk.name);
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await expectSelected(page, CUSTOMERS.vanDijk);
  });
});

test('a mail link with ?customer= opens the ticket in that customer, through the login page', async ({
  page,
}) => {
  await signIn(page, 'multi', { language: 'en' });
  await expectSelected(page, CUSTOMERS.northwind);
  const [ticket] = await callApi<{ ticket_id: number; subject: string }[]>(
    page,
    'GET',
    `/api/v2/customer/${CUSTOMERS.vanDijk.id}/tickets?limit=1`,
  );
  if (!ticket) throw new Error('1003 has demo tickets');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(loginForm(page)).toBeVisible();

  // As from the mail: not signed in; after the login, 1002 (multi's main company) would be chosen.
  await page.goto(`/support/ticket/${ticket.ticket_id}?customer=${CUSTOMERS.vanDijk.id}`);
  await expect(loginForm(page)).toBeVisible();
  await page.locator('#username').fill('multi');
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.subject);
  await expect(page).toHaveURL(new RegExp(`/support/ticket/${ticket.ticket_id}$`));
  await expectSelected(page, CUSTOMERS.vanDijk);
  await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.vanDijk.name);
});

test('a mail link naming a customer the user has no rights in changes nothing', async ({ page }) => {
  await signIn(page, 'multi', { language: 'en' });
  await page.goto(`/support/ticket/10001?customer=${CUSTOMERS.goudenKorst.id}`);
  await expect(page).toHaveURL(/\/support\/ticket\/10001$/);
  // 10001 is one of 1002's tickets: it opens in the customer that stayed selected.
  await expect(page.getByText('#10001', { exact: true })).toBeVisible();
  await expectSelected(page, CUSTOMERS.northwind);
  await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.northwind.name);
});

test('on a phone the header gives the customer switcher the room to show the customer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'multi', { language: 'en' });
  const switcher = page.getByTestId('customer-switcher');
  await expect(switcher).toHaveValue(CUSTOMERS.northwind.name);
  // The brand link makes way; "Northwind Logistics Ltd" needs about 170 px at this size.
  await expect(page.getByRole('link', { name: /home/i })).toBeHidden();
  const box = await switcher.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(170);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone a long customer name in the staff switcher ends in an ellipsis, nothing sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'staff-viewer', { language: 'en' });
  const switcher = page.getByTestId('customer-switcher');
  await expect(switcher).toHaveValue(CUSTOMERS.provider.name);
  // The full name stays reachable: the field's value (read out) and its title (hover).
  await expect(switcher).toHaveAttribute('title', CUSTOMERS.provider.name);
  const field = await switcher.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const box = input.getBoundingClientRect();
    return { textOverflow: style.textOverflow, overflowX: style.overflowX, right: box.right };
  });
  expect(field.textOverflow).toBe('ellipsis');
  expect(field.overflowX).not.toBe('visible');
  expect(field.right).toBeLessThanOrEqual(390);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
