import { expect, test } from '@playwright/test';
import { expectForbiddenPage, loginForm, mainNavigation, signIn, slowProfile } from './support.ts';

/* SPEC.md §2, §4 and §8: the forbidden page, page-not-found, the guard, and no error page for bots. */

test('forbidden routes, page not found, and the home button (viewer)', async ({ page }) => {
  await signIn(page, 'viewer', { language: 'en' });

  await test.step('a route the user may not open lands on the forbidden page', async () => {
    await page.goto('/administration/invoices');
    await expectForbiddenPage(page);
    await expect(page.getByTestId('error-text')).toHaveText(
      'You do not have sufficient permissions for this page. Ask the account owner of your company for access.',
    );
    // The clean layout: no sidebar, no user menu.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
  });

  await test.step('its primary button goes home', async () => {
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });

  await test.step('no link to what the user may not open, and typing it is refused', async () => {
    await expect(mainNavigation(page).getByRole('link', { name: 'Servers' })).toHaveCount(0);
    await page.goto('/servers/system-landscape/dc1/rack-4');
    await expectForbiddenPage(page);
  });

  await test.step('an unknown route shows “Page not found: /the/path”', async () => {
    await page.goto('/the/path');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('error-text')).toHaveText('Page not found: /the/path');
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await page.goto('/company/1001/contacts/7/unknown');
    await expect(page.getByTestId('error-text')).toHaveText(
      'Page not found: /company/1001/contacts/7/unknown',
    );
  });
});

test("an unknown address asks for the not-found page's code at the start, a known one only after its first screen", async ({
  page,
}) => {
  await signIn(page, 'viewer', { language: 'en' });
  // A slow profile: the sign-in's answers end after it, so what starts before it started early.
  await slowProfile(page);
  const events: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/error-page-[\w-]+\.js$/.test(request.url())) events.push('start error page');
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v2/me') events.push('end me');
  });

  // After the first screen the toaster fetches it, so that a page whose code cannot load offline
  // still has its error page (offline.spec.ts).
  const afterFirstScreen = page.waitForRequest(/\/assets\/error-page-[\w-]+\.js$/);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  await afterFirstScreen;
  expect(events).toEqual(['end me', 'start error page']);

  events.length = 0;
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  expect(events).toEqual(['start error page', 'end me']);
});

test('an unauthenticated visitor of a private route is sent to login, and comes back to that route', async ({
  page,
}) => {
  await page.goto('/user/profile');
  await expect(loginForm(page)).toBeVisible();
  await page.locator('#username').fill('viewer');
  await page.locator('#password').fill('demo');
  await page.locator('#kc-login').click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('crawlers and audit tools get no error page, only a log line', async ({ browser }) => {
  for (const userAgent of [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  ]) {
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    const logged = page.waitForEvent('console', (message) =>
      message.text().includes('error page suppressed for an automated visitor'),
    );
    await page.goto('/error?cause=forbidden');
    await logged;
    await expect(page.locator('#root header')).toBeVisible();
    await expect(page.getByRole('heading')).toHaveCount(0);
    await expect(page.getByText('Nope, no access')).toHaveCount(0);
    await context.close();
  }
});
