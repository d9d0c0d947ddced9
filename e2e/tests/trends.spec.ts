import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  chooseColourMode,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
  switchCustomer,
} from './support.ts';

/*
 * Servers and trends (issue 11): technical-viewer finds a server on the Server Overview and reads its
 * trends over the last month, in Dutch; every new screen passes axe in both colour modes, and
 * screenshots are kept at phone and desktop widths in both languages.
 */

const h1 = (page: Page, text: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1 })).toHaveText(text);

/** The chart is drawn: uPlot's canvas and its legend with the server's name. */
async function chartDrawn(page: Page, server: string) {
  const chart = page.locator('figure').first();
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('.u-legend')).toContainText(server);
}

test('technical-viewer opens Server Overview and a server’s trends over the last month, in Dutch', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'technical-viewer', { language: 'nl' });
  await page.getByTestId('area-servers').click();
  await h1(page, 'Servers');
  const card = page.locator('li[data-server="virtual-machines/1"]');
  await expect(card).toContainText('gk-web01');
  await expect(card).toContainText('Actief');
  await expect(card).toContainText(/CPU\s*\d+(,\d+)? %/);
  // The customer has Observe: its limits, not the promo.
  await expect(page.getByRole('heading', { name: 'Observe', exact: true })).toBeVisible();

  await card.getByRole('link', { name: 'gk-web01' }).click();
  await h1(page, 'Trends');
  await expect(page).toHaveURL(/\/servers\/trends\?server=virtual-machines%2F1/);
  await chartDrawn(page, 'gk-web01');

  await page.getByText('Vorige periode', { exact: true }).click();
  await expect(page).toHaveURL(/range=lastPeriod/);
  await chartDrawn(page, 'gk-web01');
  await page.getByText('Geheugen', { exact: true }).click();
  await expect(page).toHaveURL(/graph=cpu%2Cmemory/);
  await expect(page.locator('figure canvas')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Geheugen (%)' })).toBeVisible();

  // The deep link opens the same view.
  await page.goto('/servers/trends?server=virtual-machines/1&graph=load&range=currentMonth');
  await h1(page, 'Trends');
  await chartDrawn(page, 'gk-web01');
  await expect(page.getByRole('radio', { name: 'Huidige maand' })).toBeChecked();
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

/** Signs in as staff (any customer) in a colour mode, on the customer whose screens are shot. */
async function prepare(page: Page, mode: ColourMode, customer: string) {
  await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
  await signIn(page, 'staff-moderator', { language: 'en' });
  await chooseColourMode(page, mode);
  await switchCustomer(page, customer);
}

/** axe (English, both widths in light mode, desktop in dark) and screenshots in both languages and widths. */
async function shoot(page: Page, mode: ColourMode, name: string, ready: () => Promise<void>) {
  for (const language of ['en', 'nl'] as const) {
    await setLanguage(page, language);
    for (const width of WIDTHS) {
      await page.setViewportSize(width.viewport);
      await ready();
      await settle(page);
      const label = `${language}-${width.name}-${mode}`;
      if (language === 'en' && (width.name === '1440' || mode === 'light')) {
        await expectNoAxeViolations(page, `${name}, ${label}`);
      }
      await saveScreenshot(page, `trends-${name}-${label}`);
    }
  }
}

for (const mode of MODES) {
  test(`Server Overview: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Bakkerij De Gouden Korst B.V.');
    await page.goto('/servers');
    await shoot(page, mode, 'servers', async () => {
      await expect(page.locator('li[data-server]')).toHaveCount(19);
      await expect(page.locator('li[data-server="virtual-machines/1"]')).toContainText('%');
    });
  });

  test(`Trends: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Bakkerij De Gouden Korst B.V.');
    await page.goto('/servers/trends?server=virtual-machines/1,virtual-machines/3&graph=cpu,network');
    await shoot(page, mode, 'trends', async () => {
      await expect(page.locator('figure canvas')).toHaveCount(2);
      await expect(page.locator('figure .u-legend').first()).toContainText('gk-db01');
    });
  });

  test(`Observe promo: axe and screenshots, ${mode} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await prepare(page, mode, 'Stichting Zorgnet Utrecht');
    await page.goto('/servers');
    await shoot(page, mode, 'observe-promo', () =>
      expect(page.locator('#observe-promo-title')).toBeVisible(),
    );
  });
}
