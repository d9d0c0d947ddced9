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
  await h1(page, 'Trendmonitoring');
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
  await h1(page, 'Trendmonitoring');
  await chartDrawn(page, 'gk-web01');
  await expect(page.getByRole('radio', { name: 'Huidige maand' })).toBeChecked();
});

const DUTCH_MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

test.describe('date fields in an English browser', () => {
  // The browser speaks American English: a native date field would show mm/dd/yyyy and English months.
  test.use({ locale: 'en-US' });

  test('a Dutch page shows its days as DD-MM-JJJJ and a Dutch calendar; typing and picking both work', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'technical-viewer', { language: 'nl' });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');

    // The previous month, which is always in the past: its 1st to its 15th.
    const now = new Date();
    const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
    const month = (now.getMonth() + 11) % 12;
    const mm = String(month + 1).padStart(2, '0');
    const dutchMonth = `${DUTCH_MONTHS[month]} ${year}`;
    await page.goto(
      `/servers/trends?server=virtual-machines/1&range=custom&from=${year}-${mm}-01&to=${year}-${mm}-15`,
    );
    await h1(page, 'Trendmonitoring');
    const from = page.getByRole('textbox', { name: 'Van' });
    await expect(from).toHaveValue(`01-${mm}-${year}`);
    await expect(page.getByRole('textbox', { name: 'Tot en met' })).toHaveValue(`15-${mm}-${year}`);
    await expect(from).toHaveAttribute('placeholder', 'DD-MM-JJJJ');

    // The calendar: Dutch month and weekday names, weeks from Monday, Dutch button names.
    await from.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar.getByRole('button', { name: dutchMonth, exact: true })).toBeVisible();
    await expect(calendar.getByRole('columnheader')).toHaveText(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    await expect(calendar.getByRole('button', { name: 'Vorige maand' })).toBeVisible();
    await calendar.getByRole('button', { name: `3 ${dutchMonth}`, exact: true }).click();
    await expect(calendar).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`from=${year}-${mm}-03`));
    await expect(from).toHaveValue(`03-${mm}-${year}`);

    // Typed by keyboard in the page's format, the range follows.
    await from.click();
    await from.press('ControlOrMeta+a');
    await from.pressSequentially(`2-${month + 1}-${year}`);
    await from.press('Tab');
    await expect(page).toHaveURL(new RegExp(`from=${year}-${mm}-02`));
    await expect(from).toHaveValue(`02-${mm}-${year}`);
    await expect(page.getByText(`02-${mm}-${year} tot en met 15-${mm}-${year}`)).toBeVisible();

    // An English page in the same browser: English month names, the app's DD-MM-YYYY all the same.
    await setLanguage(page, 'en');
    const fromEnglish = page.getByRole('textbox', { name: 'From' });
    await expect(fromEnglish).toHaveValue(`02-${mm}-${year}`);
    await fromEnglish.click();
    await expect(
      calendar.getByRole('button', { name: `${ENGLISH_MONTHS[month]} ${year}`, exact: true }),
    ).toBeVisible();
    await expect(calendar.getByRole('columnheader').first()).toHaveText('Mo');
    await fromEnglish.press('Escape');

    // Dark mode on a phone: the open calendar fits and passes axe.
    await setLanguage(page, 'nl');
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await chooseColourMode(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await from.click();
    await expect(calendar.getByRole('button', { name: dutchMonth, exact: true })).toBeVisible();
    const box = await calendar.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expectNoAxeViolations(page, 'trends date field with its calendar, nl-390-dark');
    await saveScreenshot(page, 'trends-date-field-nl-390-dark');
  });
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
