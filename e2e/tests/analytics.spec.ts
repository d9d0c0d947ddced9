import { expect, type Page, test } from '@playwright/test';
import { ANALYTICS_URL, POSTHOG_TEST_KEY, RECEIVER_PORT } from '../analytics-ports.ts';
import { type PosthogReceiver, type ReceivedEvent, startPosthogReceiver } from './posthog-receiver.ts';
import {
  accessToken,
  browserStorage,
  CUSTOMERS,
  loginForm,
  mainNavigation,
  signIn,
  switchCustomer,
} from './support.ts';

/*
 * Analytics (SPEC.md §4, §5, §8, §9) end to end: the second product of the e2e run (e2e/server.ts) has
 * POSTHOG_KEY and POSTHOG_HOST pointing at a receiver this file runs on the loopback interface; the
 * first product has nothing configured. Real posthog-js in Chromium, real batches.
 */

let receiver: PosthogReceiver;

test.beforeAll(async () => {
  receiver = await startPosthogReceiver(RECEIVER_PORT);
  // The analytics product starts after the first one is ready (e2e/server.ts).
  await expect
    .poll(async () => (await fetch(`${ANALYTICS_URL}/readyz`).catch(() => undefined))?.status, {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe(200);
});
test.afterAll(async () => receiver?.close());

const isPosthogChunk = (url: string) => /\/assets\/posthog-client-[\w-]+\.js$/.test(url);

function named(name: string, after = 0) {
  return (event: ReceivedEvent) => event.event === name && event.receivedAt >= after;
}

/** Waits until the receiver holds an event that matches, and answers it. */
async function received(match: (event: ReceivedEvent) => boolean, what: string): Promise<ReceivedEvent> {
  await expect.poll(() => receiver.events.some(match), { message: what, timeout: 20_000 }).toBe(true);
  return receiver.events.find(match) as ReceivedEvent;
}

/** The user's claims from the IdP's userinfo endpoint, with the token the app holds. */
async function userinfo(page: Page) {
  const response = await page.request.get('/realms/portaal/protocol/openid-connect/userinfo', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { sub: string; email: string; preferred_username: string; name: string };
}

test.describe('with PostHog configured', () => {
  test.use({ baseURL: ANALYTICS_URL });

  test('after sign-in only: identify, company group, page views but the first, re-group, unhandled error', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (isPosthogChunk(request.url())) chunks.push(request.url());
    });
    receiver.events.length = 0;
    receiver.requests.length = 0;
    // posthog-js drops the events of browsers that say they are automated; this one plays a person.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { configurable: true, get: () => false }),
    );

    await test.step('nothing is loaded or sent before sign-in', async () => {
      await page.goto('/');
      await expect(loginForm(page)).toBeVisible();
      await page.waitForTimeout(500);
      expect(chunks).toEqual([]);
      expect(receiver.requests).toEqual([]);
    });

    await signIn(page, 'multi', { language: 'en' });
    const claims = await userinfo(page);

    await test.step('identify by the user id with e-mail, username and name', async () => {
      const identify = await received(named('$identify'), '$identify');
      expect(identify.properties.distinct_id).toBe(claims.sub);
      expect(identify.$set ?? identify.properties.$set).toEqual({
        email: claims.email,
        username: 'multi',
        name: claims.name,
      });
      expect(claims.email).toBeTruthy();
      expect(claims.name).toBeTruthy();
      expect(chunks).toHaveLength(1);
    });

    await test.step('grouped by company: the selected customer id and name', async () => {
      const group = await received(named('$groupidentify'), '$groupidentify');
      expect(group.properties).toMatchObject({
        distinct_id: claims.sub,
        $group_type: 'company',
        $group_key: String(CUSTOMERS.northwind.id),
        $group_set: { name: CUSTOMERS.northwind.name },
      });
    });

    await test.step('flags are asked for the identified user in the company group', async () => {
      await expect
        .poll(() =>
          receiver.requests.some(
            (request) =>
              /^\/flags\/?$/.test(request.path) &&
              (request.body as { distinct_id?: string })?.distinct_id === claims.sub,
          ),
        )
        .toBe(true);
      // The project key is the one configured; no script is ever fetched from the analytics host.
      expect(receiver.requests.map((request) => request.path)).toContain(`/array/${POSTHOG_TEST_KEY}/config`);
      expect(receiver.requests.filter((request) => request.path.endsWith('.js'))).toEqual([]);
    });

    await test.step('in memory only: nothing of PostHog in cookies or storage', async () => {
      const { local, session } = await browserStorage(page);
      const stored = [...Object.keys(local), ...Object.keys(session)].filter((key) =>
        /ph_|posthog/i.test(key),
      );
      expect(stored).toEqual([]);
      const cookies = await page.context().cookies();
      expect(cookies.filter((cookie) => /ph_|posthog/i.test(cookie.name))).toEqual([]);
    });

    await test.step('no page view for the first page, one for the next', async () => {
      const before = Date.now();
      await mainNavigation(page).getByRole('link', { name: 'Support', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
      const pageview = await received(named('$pageview', before), '$pageview of /support');
      expect(pageview.properties.$current_url).toBe(`${ANALYTICS_URL}/support`);
      expect(pageview.properties.distinct_id).toBe(claims.sub);
      expect(pageview.properties.$groups).toEqual({ company: String(CUSTOMERS.northwind.id) });
      const pageviews = receiver.events.filter(named('$pageview'));
      expect(pageviews.map((event) => event.properties.$current_url)).toEqual([`${ANALYTICS_URL}/support`]);
    });

    await test.step('switching customer groups again by the new one', async () => {
      const before = Date.now();
      await switchCustomer(page, CUSTOMERS.vanDijk.name);
      const group = await received(
        (event) => named('$groupidentify', before)(event) && event.properties.$group_key === '1003',
        're-group by 1003',
      );
      expect(group.properties).toMatchObject({
        $group_type: 'company',
        $group_key: String(CUSTOMERS.vanDijk.id),
        $group_set: { name: CUSTOMERS.vanDijk.name },
      });
    });

    await test.step('an unhandled UI error is sent as "user received unhandled error"', async () => {
      // A ticket list the screen cannot render: the error reaches the application-level error page.
      await page.route(/\/api\/v2\/customer\/\d+\/tickets(\?|$)/, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[null]' }),
      );
      await page.goto('/support');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/wrong|error/i);
      const error = await received(named('user received unhandled error'), 'the unhandled-error event');
      expect(error.properties).toMatchObject({
        distinct_id: claims.sub,
        path: '/support',
        error_name: 'TypeError',
        $groups: { company: String(CUSTOMERS.vanDijk.id) },
      });
      await page.unroute(/\/api\/v2\/customer\/\d+\/tickets(\?|$)/);
    });
  });
});

test.describe('with nothing configured', () => {
  test('no request goes anywhere but the portal itself, and PostHog is never loaded', async ({
    page,
    baseURL,
  }) => {
    const origins = new Set<string>();
    const chunks: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
      if (isPosthogChunk(request.url())) chunks.push(request.url());
    });
    receiver.requests.length = 0;

    await signIn(page, 'multi', { language: 'en' });
    await mainNavigation(page).getByRole('link', { name: 'Support', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await switchCustomer(page, CUSTOMERS.vanDijk.name);
    await mainNavigation(page).getByRole('link', { name: 'Company', exact: true }).click();
    await page.waitForTimeout(1000);

    expect([...origins]).toEqual([new URL(baseURL as string).origin]);
    expect(chunks).toEqual([]);
    expect(receiver.requests).toEqual([]);
  });
});
