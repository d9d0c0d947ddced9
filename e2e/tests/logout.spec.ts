import { expect, type Page, test } from '@playwright/test';
import { browserStorage, DEMO_PASSWORD, loginForm, STORAGE_KEYS, signIn } from './support.ts';

/*
 * Logout (SPEC.md §2, issue 3 item 1): storage emptied, then the IdP's logout with id_token_hint,
 * back to the app, which (with nobody signed in) shows the login page again.
 */

const MARKER = 'e2e-marker';

async function markStorage(page: Page) {
  await page.evaluate((key) => {
    localStorage.setItem(key, 'x');
    sessionStorage.setItem(key, 'x');
  }, MARKER);
}

/**
 * After the round trip the app has started again with nobody signed in; the only things in storage
 * are what that fresh start writes (the detected language, keycloak-js's login callback state).
 */
async function expectStorageEmptied(page: Page) {
  const { local, session } = await browserStorage(page);
  expect(session[MARKER]).toBeUndefined();
  const leftovers = Object.keys(local).filter((key) => key !== 'lang' && !key.startsWith('kc-callback-'));
  expect(leftovers).toEqual([]);
  for (const key of Object.values(STORAGE_KEYS)) expect(local[key]).toBeUndefined();
}

/**
 * The first screen's cookies name the user's pages (GET /api/v2/me sets it) and whom the home page
 * greets (the app keeps it); signing out removes both.
 */
const firstScreenCookie = async (page: Page, name: 'portaal_pages' | 'portaal_home') =>
  (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;
const pagesCookie = (page: Page) => firstScreenCookie(page, 'portaal_pages');

test('signing out from the user menu empties storage and returns to the login page', async ({ page }) => {
  await signIn(page, 'owner', { language: 'en' });
  await expect.poll(() => pagesCookie(page)).toContain('administration');
  await expect.poll(() => firstScreenCookie(page, 'portaal_home')).toMatch(/^[^|]+\|.+/);
  const { local } = await browserStorage(page);
  const refreshToken = local[STORAGE_KEYS.refreshToken] as string;
  await markStorage(page);

  const idpLogout = page.waitForRequest((request) =>
    request.url().includes('/realms/portaal/protocol/openid-connect/logout'),
  );
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  const logoutUrl = new URL((await idpLogout).url());
  expect(logoutUrl.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(new URL('/', page.url()).toString());

  await expect(loginForm(page)).toBeVisible();
  await expectStorageEmptied(page);
  expect(await pagesCookie(page)).toBeUndefined();
  expect(await firstScreenCookie(page, 'portaal_home')).toBeUndefined();

  // The session is over: the app asks for a login again, and the old refresh token is refused.
  await page.goto('/company');
  await expect(loginForm(page)).toBeVisible();
  const refreshed = await page.request.post('/realms/portaal/protocol/openid-connect/token', {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'portaal-web' },
  });
  expect(refreshed.status()).toBe(400);
});

test('opening /logout signs out too', async ({ page }) => {
  await signIn(page, 'viewer', { language: 'en' });
  await markStorage(page);
  await page.goto('/logout');
  await expect(loginForm(page)).toBeVisible();
  await expectStorageEmptied(page);
});

test('sessionStorage is completely empty after the logout round trip', async ({ page }) => {
  await signIn(page, 'viewer', { language: 'en' });
  await page.goto('/logout');
  await expect(loginForm(page)).toBeVisible();
  expect((await browserStorage(page)).session).toEqual({});
});

test('a token refresh that answers after /logout emptied storage writes nothing back', async ({ page }) => {
  await signIn(page, 'viewer', { language: 'en' });
  // Opening /logout starts the app with the stored tokens, whose refresh is held back here until the
  // app has emptied storage; the IdP's logout page is held back in turn, so the page is still alive
  // when the refresh answers.
  let storageEmptied!: () => void;
  const emptied = new Promise<void>((resolve) => {
    storageEmptied = resolve;
  });
  let refreshAnswered!: () => void;
  const answered = new Promise<void>((resolve) => {
    refreshAnswered = resolve;
  });
  let refreshes = 0;
  await page.route('**/realms/portaal/protocol/openid-connect/token', async (route) => {
    refreshes += 1;
    await emptied;
    const response = await route.fetch();
    await route.fulfill({ response });
    setTimeout(refreshAnswered, 500);
  });
  await page.route('**/realms/portaal/protocol/openid-connect/logout**', async (route) => {
    storageEmptied();
    await answered;
    await route.continue();
  });
  await page.goto('/logout');
  await expect(loginForm(page)).toBeVisible();
  expect(refreshes).toBeGreaterThan(0);
  await expectStorageEmptied(page);
});

test('signing out in one tab signs the other tabs out at once, back to the same page after signing in', async ({
  page,
  context,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  await page.goto('/support/ticket/10026');
  await page
    .getByRole('textbox', { name: 'Your message' })
    .fill('A reply typed before the other tab signs out');
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByTestId('user-menu')).toBeVisible();

  // Until the user signs in again, nothing the first tab asks the API carries the ended session's token.
  const tokensSent: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (new URL(request.url()).pathname.startsWith('/api/') && authorization) tokensSent.push(authorization);
  });
  await other.getByTestId('user-menu').click();
  await other.getByTestId('logout').click();
  // Two round trips to the IdP and two starts of the app, in two tabs at once: on a busy 2-core
  // machine (e2e shards side by side) more than the 10 s of one expectation.
  const twoStarts = { timeout: 30_000 };
  await expect(loginForm(other)).toBeVisible(twoStarts);

  // No action in the first tab: it leaves for the login page by itself.
  await expect(page.locator('#username')).toBeVisible(twoStarts);
  expect(tokensSent).toEqual([]);
  await page.locator('#username').fill('owner');
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page).toHaveURL(/\/support\/ticket\/10026$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
