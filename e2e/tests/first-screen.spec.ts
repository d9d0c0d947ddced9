import { expect, type Locator, type Page, test } from '@playwright/test';
import { STATIC_PAGE_HEADINGS } from '@portaal/contracts/page-headings';
import { settle, signIn } from './support.ts';

/*
 * index.html's first screen (drawn before any script) carries the fixed heading of a page such as the
 * ticket list (@portaal/contracts page-headings), or the home page's greeting (the names of the home
 * cookie that the app keeps), written in by the API in the page's language. The
 * page takes over without a visible change only if its own heading has the same text, place and
 * colours: measured here against the page itself.
 */

/** The box of an element's text (not of the element: the page's intro sits in a narrower flex item). */
const textBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height, color: getComputedStyle(element).color };
  });

/** Every page with a fixed heading at both widths in light; the colours in dark on one page. */
const cases = [
  ...Object.keys(STATIC_PAGE_HEADINGS).flatMap((path) =>
    [390, 1440].map((width) => ({ path, width, colorScheme: 'light' as const })),
  ),
  { path: '/support', width: 390, colorScheme: 'dark' as const },
  // The home page's greeting, by the names in the cookie the app keeps (its full-width layout).
  ...[390, 1440].map((width) => ({ path: '/', width, colorScheme: 'light' as const })),
  { path: '/', width: 390, colorScheme: 'dark' as const },
  // An address that is no page gets the not-found page's first screen.
  ...[390, 1440].map((width) => ({ path: '/no-such-page', width, colorScheme: 'light' as const })),
  { path: '/no-such-page', width: 390, colorScheme: 'dark' as const },
  // The error page where a guard sends a user who may not open a page, likewise.
  ...[390, 1440].map((width) => ({ path: '/error?cause=forbidden', width, colorScheme: 'light' as const })),
];

/**
 * From here on the app's scripts fail to load. The page leaves the app first: a running app whose
 * lazily loaded chunk fails reloads itself (build-updates.ts installChunkErrorReload), and that reload
 * could win the race against the test's next navigation and leave it on the previous page (seen in CI:
 * the usage page's check read the application statuses page's first screen).
 */
async function blockScripts(page: Page) {
  await page.goto('about:blank');
  await page.route('**/assets/*.js', (route) => route.abort());
}

test('a fixed page heading, the home greeting, the not-found page and the error page show before any script, where and as the page shows them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner', { language: 'nl' });
  for (const { path, width, colorScheme } of cases) {
    const label = `${path} ${colorScheme} ${width}`;
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 900 });
    // Without the app's scripts the first screen stays.
    await blockScripts(page);
    await page.goto(path);
    const shell = page.locator('#app-loading');
    const titleText = await shell.locator('h1').textContent();
    const introText = await shell.locator('p').textContent();
    expect(titleText, label).toBeTruthy();
    expect(introText, label).toBeTruthy();
    const first = { title: await textBox(shell.locator('h1')), intro: await textBox(shell.locator('p')) };

    await page.unroute('**/assets/*.js');
    await page.goto(path);
    await settle(page);
    const title = page.locator('main h1');
    await expect(title, label).toHaveText(titleText ?? '');
    const intro = page.locator('main p', { hasText: introText ?? '' }).first();
    const app = { title: await textBox(title), intro: await textBox(intro) };
    for (const part of ['title', 'intro'] as const) {
      for (const key of ['x', 'y', 'width', 'height'] as const) {
        expect
          .soft(Math.abs(app[part][key] - first[part][key]), `${label} ${part} ${key}`)
          .toBeLessThanOrEqual(0.5);
      }
      expect.soft(app[part].color, `${label} ${part} colour`).toBe(first[part].color);
    }
  }
});

test("the first screen names only pages the user may open, in the app's colour mode", async ({ page }) => {
  await signIn(page, 'viewer');
  const shellHeading = page.locator('#app-loading h1');
  // A viewer may read tickets, not the administration: its first screen there has no heading.
  await blockScripts(page);
  await page.goto('/support');
  await expect(shellHeading).toHaveText('Support');
  await page.goto('/administration');
  await expect(page.locator('#app-loading .shell-header')).toBeVisible();
  await expect(shellHeading).toHaveCount(0);
  await page.unroute('**/assets/*.js');

  // The system is light, the app was set to dark: the next first screen is dark too.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/support');
  await settle(page);
  await page.evaluate(() => localStorage.setItem('portaal-color-scheme', 'dark'));
  await page.reload();
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const appBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await blockScripts(page);
  await page.goto('/support');
  const shell = page.locator('#app-loading');
  await expect(shell).toHaveAttribute('data-scheme', 'dark');
  expect(await shell.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(appBackground);
});

test("the first screen paints without the app's stylesheets, and the app starts only once they are in", async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/support', { waitUntil: 'commit' });
  // Painted (the browser's own first-contentful-paint entry) while the stylesheets are held back.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  await expect(page.locator('#app-loading h1')).toHaveText('Support');
  // The stylesheets were asked for after that paint; the app's entry waits for them.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('head link[rel="stylesheet"]').length))
    .toBeGreaterThan(0);
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => document.querySelectorAll('script[src*="/assets/index-"]').length)).toBe(
    0,
  );
  expect(await page.locator('#root').innerHTML()).toBe('');
  release();
  await expect(page.locator('main h1')).toHaveText('Support');
  // Styled from its first render: Mantine's baseline (in those stylesheets) is in.
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});

test("ICU's data loads in a worker beside the app's code, and the CSP lets it start", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const script = page.waitForResponse(/\/assets\/warm-intl-[\w-]+\.js$/);
  const worker = page.waitForEvent('worker');
  await page.goto('/support');
  expect((await script).status()).toBe(200);
  expect((await worker).url()).toMatch(/\/assets\/warm-intl-[\w-]+\.js$/);
  await expect(page.locator('main h1')).toHaveText('Support');
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
