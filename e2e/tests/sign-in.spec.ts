import { expect, type Page, test } from '@playwright/test';

/** keycloak-js in a real browser is the judge of the dev IdP's Keycloak compatibility. */
async function signIn(page: Page, username: string) {
  await page.goto('/');
  await expect(page.locator('#kc-form-login')).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('demo');
  await page.locator('#kc-login').click();
  await expect(page.getByTestId('username')).toHaveText(username);
}

test('a wrong password shows a clear message on the login page', async ({ page }) => {
  await page.goto('/');
  await page.locator('#username').fill('owner');
  await page.locator('#password').fill('wrong');
  await page.locator('#kc-login').click();
  await expect(page.locator('#input-error')).toContainText(
    /Invalid username or password|Ongeldige gebruikersnaam of wachtwoord/,
  );
});

test('the owner signs in through keycloak-js and sees only its own customer', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page.getByTestId('customers').locator('li')).toHaveText([
    'Bakkerij De Gouden Korst B.V. (1001)',
  ]);
  await expect(page.getByTestId('rights')).toContainText('1001');
  await expect(page.getByTestId('rights')).toContainText('company-edit');
  await expect(page.getByTestId('staff-check')).toHaveAttribute('data-status', '403');
  await page.screenshot({ path: '../test-results/e2e/owner-signed-in.png', fullPage: true });

  await page.getByRole('button', { name: /Sign out|Uitloggen/ }).click();
  await expect(page.locator('#kc-form-login')).toBeVisible();
});

test('the staff moderator signs in and its global rights are applied by the API', async ({ page }) => {
  await signIn(page, 'staff-moderator');
  await expect(page.getByTestId('customers').locator('li')).toHaveCount(7);
  await expect(page.getByTestId('rights')).toContainText('global');
  await expect(page.getByTestId('staff-check')).toHaveAttribute('data-status', '200');
  await page.screenshot({ path: '../test-results/e2e/staff-signed-in.png', fullPage: true });
});

test('multi sees both of its customers', async ({ page }) => {
  await signIn(page, 'multi');
  await expect(page.getByTestId('customers').locator('li')).toHaveText([
    'Northwind Logistics Ltd (1002)',
    'Van Dijk & Partners Advocaten (1003)',
  ]);
  await expect(page.getByTestId('staff-check')).toHaveAttribute('data-status', '403');
});
