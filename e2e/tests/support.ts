import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { errors, expect, type Locator, type Page, test } from '@playwright/test';

/** Every demo login has this password (dev IdP only). */
export const DEMO_PASSWORD = 'demo';

export type Language = 'en' | 'nl';
export type ColourMode = 'light' | 'dark';

/** The three tokens and the selected customer of SPEC.md §3, as the app keeps them in localStorage. */
export const STORAGE_KEYS = {
  idToken: 'portaal_id_token',
  authToken: 'portaal_auth_token',
  refreshToken: 'portaal_refresh_token',
  customerId: 'selected_customer_id',
  customerName: 'selected_customer_name',
} as const;

export const CUSTOMERS = {
  provider: { id: 1, name: 'Portaal Hosting B.V.' },
  goudenKorst: { id: 1001, name: 'Bakkerij De Gouden Korst B.V.' },
  northwind: { id: 1002, name: 'Northwind Logistics Ltd' },
  vanDijk: { id: 1003, name: 'Van Dijk & Partners Advocaten' },
} as const;

/** The IdP's login form (Keycloak's ids, so the same helper works against a real Keycloak). */
export const loginForm = (page: Page) => page.locator('#kc-form-login');

/**
 * Signs in through the real login page: the app sends the browser to the IdP (keycloak-js,
 * login-required), the form posts, the IdP redirects back and keycloak-js exchanges the code.
 * With `language`, the user's language preference is set afterwards (it is saved to the profile, so
 * a test never depends on what an earlier test left there).
 */
export async function signIn(
  page: Page,
  username: string,
  options: { language?: Language; timeout?: number } = {},
) {
  await page.goto('/');
  await expect(loginForm(page)).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: options.timeout });
  await expect(page).toHaveURL(/\/$/);
  if (options.language) await setLanguage(page, options.language);
}

/** Chooses a language in the header's preferences menu and waits until the profile has it. */
export async function setLanguage(page: Page, language: Language) {
  const html = page.locator('html');
  if ((await html.getAttribute('lang')) === language) return;
  await page.getByTestId('preferences').click();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v2/me') && response.request().method() === 'PUT',
  );
  await page
    .getByRole('menuitem', { name: language === 'nl' ? 'Nederlands' : 'English', exact: true })
    .click();
  expect((await saved).status()).toBe(200);
  await expect(html).toHaveAttribute('lang', language);
  await expect(page.getByRole('menu')).toBeHidden();
}

/** Chooses a colour mode in the header's preferences menu. */
export async function chooseColourMode(page: Page, mode: 'auto' | ColourMode) {
  await page.getByTestId('preferences').click();
  await page.getByTestId(`colour-mode-${mode}`).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

export async function browserStorage(page: Page) {
  return page.evaluate(() => ({
    local: { ...localStorage } as Record<string, string>,
    session: { ...sessionStorage } as Record<string, string>,
  }));
}

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken);
  expect(token, 'the access token in localStorage').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  return token as string;
}

/** The sidebar navigation (its accessible name is translated). */
export const mainNavigation = (page: Page) =>
  page.getByRole('navigation', { name: /^(Main navigation|Hoofdnavigatie)$/ });

/** The top-level links of the sidebar: [label, href]. */
export async function topLevelNavigation(page: Page): Promise<[string, string][]> {
  const links: Locator = mainNavigation(page).locator(':scope > a');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((elements) =>
    elements.map((element) => [
      (element.textContent ?? '').trim(),
      new URL((element as HTMLAnchorElement).href).pathname,
    ]),
  );
}

/** The forbidden page of SPEC.md §2 and §8. */
export async function expectForbiddenPage(page: Page, language: Language = 'en') {
  await expect(page).toHaveURL(/\/error\?cause=forbidden(&from=[^&]*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    language === 'en' ? 'Nope, no access' : 'Helaas, geen toegang',
  );
  const home = page.getByRole('link', { name: 'Home', exact: true });
  await expect(home).toBeVisible();
  await expect(home).toHaveAttribute('href', '/');
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOT_DIR = path.resolve(here, '../../test-results/e2e/screenshots');

/** Far longer than any screenshot has taken (1.3 s at most), short enough for three tries in a test. */
const SCREENSHOT_TIMEOUT_MS = 10_000;

/**
 * A screenshot (of the full page unless told otherwise) kept as a CI artifact for people to look at;
 * the tests' checks are their assertions and axe, not these pictures. Headless Chromium now and then
 * gives no frame for one (fonts loaded, then nothing, with the page itself fine): once after a viewport
 * resize; once (a clean CI of session 26, the crosschecks in dark mode) again on the second try after a
 * resize; and once (the CI of stop 33, the Observe promo in light mode) on all three tries, which failed
 * the whole run. So a screenshot that times out is taken again after the page is brought to the front
 * and a resize forces a new frame, then of the viewport alone; when that hangs too, the test goes on
 * without the picture, with a note on the test (and in the run's output) that says so.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const options = {
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    animations: 'disabled',
    timeout: SCREENSHOT_TIMEOUT_MS,
  } as const;
  const taken = async (wholePage: boolean) => {
    try {
      await page.screenshot({ ...options, fullPage: wholePage });
      return true;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError)) throw error;
      return false;
    }
  };
  const note = (description: string) => {
    test.info().annotations.push({ type: 'screenshot', description: `${name}: ${description}` });
    console.warn(`screenshot ${name}: ${description}`);
  };
  if (await taken(fullPage)) return;
  await page.bringToFront();
  const viewport = page.viewportSize();
  if (viewport) {
    await page.setViewportSize({ ...viewport, height: viewport.height + 1 });
    await page.setViewportSize(viewport);
  }
  if (await taken(fullPage)) return;
  if (await taken(false)) {
    if (fullPage) note('the full-page screenshot gave no frame twice; the viewport alone was taken');
    return;
  }
  note(`headless Chromium gave no frame in three tries of ${SCREENSHOT_TIMEOUT_MS / 1000} s; no screenshot`);
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe with the WCAG 2.x A/AA tags, and with `bestPractice` also axe's best practices (unique
 * landmarks, heading order: a walkthrough found both broken where the WCAG tags saw nothing; the main
 * screens pass them, Mantine's modals and open selects do not yet). Soft: one screen's violations do
 * not hide the next screen's; each violation is listed with its rule, impact and offending nodes.
 *
 * Legacy mode runs axe in the page itself, where the default opens a blank page per run to gather
 * the frames' results: the app has no frames, the results are the same, and each run takes about
 * 1.4 s less on a 2-core machine (3.2-4.2 s -> 1.8-2.2 s on the ticket list).
 */
export async function expectNoAxeViolations(page: Page, label: string, { bestPractice = false } = {}) {
  const tags = bestPractice ? [...AXE_TAGS, 'best-practice'] : AXE_TAGS;
  const results = await new AxeBuilder({ page }).withTags(tags).setLegacyMode(true).analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  }));
  expect.soft(violations, `axe violations on ${label}`).toEqual([]);
}

/** Waits until no navigation is loading and the fonts are ready. */
/** How far the page scrolls sideways, in px (0 or less when it fits the window). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export async function settle(page: Page) {
  await expect(page.getByTestId('page-progress')).not.toHaveAttribute('data-active', /.*/);
  await expect(page.locator('#app-loading')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Chooses a customer in the header's switcher (shown to users with several customers, and staff). */
export async function switchCustomer(page: Page, name: string) {
  const switcher = page.getByTestId('customer-switcher');
  await switcher.click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(switcher).toHaveValue(name);
}

/**
 * Calls the API as the user signed in on `page` (with the token the app holds), for test set-up and
 * checks that the screens do not show; answers the parsed JSON body after checking the status.
 */
export async function callApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  expectedStatus = method === 'POST' ? 201 : 200,
): Promise<T> {
  const token = await accessToken(page);
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    data: body,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(expectedStatus);
  return (await response.json()) as T;
}

/**
 * Holds back every answer of GET /api/v2/me by `ms`, so that what a page asks for before the profile
 * has answered can be told from what waits for it.
 */
export async function slowProfile(page: Page, ms = 1_500) {
  await page.route('**/api/v2/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
