import { expect, test } from '@playwright/test';
import {
  accessToken,
  browserStorage,
  CUSTOMERS,
  DEMO_PASSWORD,
  expectForbiddenPage,
  loginForm,
  mainNavigation,
  STORAGE_KEYS,
  signIn,
  slowProfile,
  topLevelNavigation,
} from './support.ts';

/*
 * keycloak-js in a real browser is the judge of the dev IdP's Keycloak compatibility: each demo user
 * signs in on the IdP's page, the app keeps the tokens, the API accepts them and applies the user's
 * rights, and the sidebar shows exactly what DESIGN.md §2 and SPEC.md §6 allow.
 */

type NavEntry = [label: string, href: string];
const dashboard: NavEntry = ['Dashboard', '/'];
const servers: NavEntry = ['Servers', '/servers'];
const support: NavEntry = ['Support', '/support'];
const slaUsage: NavEntry = ['SLA and usage', '/sla-usage'];
const administration: NavEntry = ['Administration', '/administration'];
const company: NavEntry = ['Company', '/company'];
const staffTools: NavEntry[] = [
  ['Service desk', '/admin/tickets'],
  ['Customers', '/admin/customers'],
  ['Crosschecks', '/admin/crosschecks'],
  ['Mailings', '/admin/mailings'],
  ['Usage of all customers', '/admin/usage'],
];
const allCustomerIds = [1, 1001, 1002, 1003, 1004, 1005, 1006];
const LAST_DEMO_ID = 1006;

interface Expectation {
  username: string;
  selected: { id: number; name: string };
  navigation: NavEntry[];
  /** Customer ids GET /api/v2/customer answers for this user's token. */
  customers: number[];
  staff: boolean;
  /** A route this user may not open; null when every route is open to it. */
  forbidden: string | null;
  /** The switcher's options, when the user has several customers and they are worth listing. */
  switcherOptions?: string[];
  /** A customer this user has no membership of. */
  otherCustomer?: number;
}

const users: Expectation[] = [
  {
    username: 'owner',
    selected: CUSTOMERS.goudenKorst,
    navigation: [dashboard, servers, support, slaUsage, administration, company],
    customers: [1001],
    staff: false,
    forbidden: '/admin/customers',
    otherCustomer: CUSTOMERS.northwind.id,
  },
  {
    username: 'financial-moderator',
    selected: CUSTOMERS.goudenKorst,
    navigation: [dashboard, support, slaUsage, administration, company],
    customers: [1001],
    staff: false,
    forbidden: '/servers',
  },
  {
    username: 'financial-viewer',
    selected: CUSTOMERS.goudenKorst,
    navigation: [dashboard, support, slaUsage, administration, company],
    customers: [1001],
    staff: false,
    forbidden: '/servers/trends',
  },
  {
    username: 'technical-viewer',
    selected: CUSTOMERS.goudenKorst,
    navigation: [dashboard, servers, support, slaUsage, company],
    customers: [1001],
    staff: false,
    forbidden: '/administration',
  },
  {
    username: 'viewer',
    selected: CUSTOMERS.goudenKorst,
    navigation: [dashboard, support, company],
    customers: [1001],
    staff: false,
    forbidden: '/administration/invoices',
  },
  {
    username: 'multi',
    selected: CUSTOMERS.northwind,
    navigation: [dashboard, servers, support, slaUsage, administration, company],
    customers: [1002, 1003],
    staff: false,
    forbidden: '/admin/usage',
    switcherOptions: [CUSTOMERS.northwind.name, CUSTOMERS.vanDijk.name],
    otherCustomer: CUSTOMERS.goudenKorst.id,
  },
  {
    username: 'staff-viewer',
    selected: CUSTOMERS.provider,
    navigation: [dashboard, servers, support, slaUsage, administration, company, ...staffTools],
    customers: allCustomerIds,
    staff: true,
    // Staff viewers read everything but may not create tickets.
    forbidden: '/support/new-ticket',
  },
  {
    username: 'staff-moderator',
    selected: CUSTOMERS.provider,
    navigation: [dashboard, servers, support, slaUsage, administration, company, ...staffTools],
    customers: allCustomerIds,
    staff: true,
    forbidden: null,
  },
];

test('a wrong password shows a clear message on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(loginForm(page)).toBeVisible();
  await page.locator('#username').fill('owner');
  await page.locator('#password').fill('wrong');
  await page.locator('#kc-login').click();
  await expect(page.locator('#input-error')).toHaveText('Invalid username or password.');
  await expect(page.locator('#username')).toHaveValue('owner');
  expect((await browserStorage(page)).local[STORAGE_KEYS.authToken]).toBeUndefined();
});

test('a reload reads the user info with the stored token while it is refreshed, and a refused refresh signs out', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  // A reload with valid tokens: userinfo and the profile go out before the refresh has answered.
  const events: string[] = [];
  const nameOf = (url: string) => /\/(userinfo|token|me)$/.exec(new URL(url).pathname)?.[1];
  page.on('request', (request) => {
    const name = nameOf(request.url());
    if (name) events.push(`start ${name}`);
  });
  page.on('response', (response) => {
    if (nameOf(response.url()) === 'token') events.push('end token');
  });
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(events.indexOf('end token')).toBeGreaterThan(0);
  for (const early of ['start userinfo', 'start me'])
    expect(events.indexOf(early), `${early} in ${events.join(', ')}`).toBeLessThan(
      events.indexOf('end token'),
    );
  expect(events.indexOf('start userinfo')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('start me')).toBeGreaterThanOrEqual(0);

  // The access token is still valid but the refresh token is not and the IdP's session has ended
  // (its cookies gone): the user is signed out, and what was read with the old token is not shown.
  await page.context().clearCookies();
  await page.evaluate((key) => localStorage.setItem(key, 'not-a-refresh-token'), STORAGE_KEYS.refreshToken);
  await page.reload();
  await expect(loginForm(page)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  expect((await browserStorage(page)).local[STORAGE_KEYS.authToken]).toBeUndefined();
});

test("the profile's language wins at sign-in, and the page's answers are asked for without waiting for the profile", async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  // Another browser in English, without the app's language cookie: the profile's Dutch wins.
  const english = await browser.newContext({ locale: 'en-GB' });
  const other = await english.newPage();
  try {
    await other.goto('/support');
    await expect(loginForm(other)).toBeVisible();
    await other.locator('#username').fill('owner');
    await other.locator('#password').fill(DEMO_PASSWORD);
    await other.locator('#kc-login').click();
    await expect(other.getByRole('heading', { name: 'Wacht op uw reactie' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'nl');

    // A reload whose profile answers slowly: the ticket list is asked for before the profile has
    // answered (the language is applied while the page resolves), and the page still starts in Dutch.
    const events: string[] = [];
    await slowProfile(other);
    other.on('request', (request) => {
      if (/\/api\/v2\/customer\/\d+\/tickets\?/.test(request.url())) events.push('start tickets');
    });
    other.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v2/me') events.push('end me');
    });
    await other.reload();
    await expect(other.getByRole('heading', { name: 'Wacht op uw reactie' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'nl');
    expect(events.indexOf('start tickets'), events.join(', ')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('start tickets'), events.join(', ')).toBeLessThan(events.indexOf('end me'));
  } finally {
    await english.close();
  }
});

for (const user of users) {
  test(`${user.username} signs in, its tokens and rights are applied, and it sees only its navigation`, async ({
    page,
  }) => {
    await signIn(page, user.username, { language: 'en' });

    const { local } = await browserStorage(page);
    for (const key of [STORAGE_KEYS.idToken, STORAGE_KEYS.authToken, STORAGE_KEYS.refreshToken]) {
      expect(local[key], key).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    }
    expect(local[STORAGE_KEYS.customerId]).toBe(String(user.selected.id));
    expect(local[STORAGE_KEYS.customerName]).toBe(user.selected.name);

    expect(await topLevelNavigation(page)).toEqual(user.navigation);
    const staffHeading = mainNavigation(page).getByText('Provider tools', { exact: true });
    await expect(staffHeading).toHaveCount(user.staff ? 1 : 0);

    // The customer switcher: only for users with several customers, listing exactly those.
    const switcher = page.getByTestId('customer-switcher');
    if (user.customers.length === 1) {
      await expect(switcher).toHaveCount(0);
    } else {
      await expect(switcher).toHaveValue(user.selected.name);
      await switcher.click();
      const options = page.getByRole('listbox').getByRole('option');
      if (user.switcherOptions) await expect(options).toHaveText(user.switcherOptions);
      // Staff read every customer: the demo ones and those admin-customers.spec.ts created.
      else if (user.staff)
        await expect.poll(() => options.count()).toBeGreaterThanOrEqual(user.customers.length);
      else await expect(options).toHaveCount(user.customers.length);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
    }

    // The API accepts the token keycloak-js obtained and applies this user's rights.
    const authorization = `Bearer ${await accessToken(page)}`;
    const list = await page.request.get('/api/v2/customer', { headers: { authorization } });
    expect(list.status()).toBe(200);
    const customers = (await list.json()) as { customer_id: number }[];
    const ids = customers.map((customer) => customer.customer_id).sort((a, b) => a - b);
    // Customers that admin-customers.spec.ts created (ids above the demo data's) are staff's too.
    expect(user.staff ? ids.filter((id) => id <= LAST_DEMO_ID) : ids).toEqual(user.customers);
    const staffOnly = await page.request.get('/api/admin/v2/customer/features', {
      headers: { authorization },
    });
    expect(staffOnly.status()).toBe(user.staff ? 200 : 403);
    const anonymous = await page.request.get('/api/v2/customer');
    expect(anonymous.status()).toBe(401);

    if (user.otherCustomer) {
      // A customer id in the URL is checked against that customer, by the app and by the API.
      const other = await page.request.get(`/api/v2/customer/${user.otherCustomer}`, {
        headers: { authorization },
      });
      expect(other.status()).toBe(403);
      await page.goto(`/company/${user.otherCustomer}`);
      await expectForbiddenPage(page);
    }
    if (user.forbidden) {
      await page.goto(user.forbidden);
      await expectForbiddenPage(page);
    }
  });
}
