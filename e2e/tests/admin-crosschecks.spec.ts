import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  callApi,
  expectForbiddenPage,
  expectNoAxeViolations,
  mainNavigation,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * Crosschecks (/admin/crosschecks and /admin/crosschecks/{month}), in Dutch: the staff moderator
 * opens last month from the monthly list, filters the hours, sees Northwind billed less than used and
 * Van Dijk's hours unused, with the figures written the Dutch way, and downloads the hours' CSV for
 * the accounting system, which holds the API's figures. The staff viewer sees no export; a
 * customer's owner gets the forbidden page. Also: axe and screenshots in both colour modes, on a
 * phone and a wide screen.
 */

interface Row {
  customer_id: number;
  customer_name: string;
  subtype: string;
  unit: string;
  billed: string;
  used: string;
  difference: string;
  status: string;
}

/** Last month (UTC), as the API names it: a whole month, so Northwind's 8 support hours run over. */
function lastMonth(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

const dutchMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
};

/** SPEC.md §9 written out independently for hours: "u" and "min", a minus sign in front. */
function dutchHours(value: string): string {
  const minutes = Math.round(Number(value) * 60);
  const sign = minutes < 0 ? '-' : '';
  const [hours, rest] = [Math.floor(Math.abs(minutes) / 60), Math.abs(minutes) % 60];
  if (hours === 0) return `${sign}${rest} min`;
  return rest === 0 ? `${sign}${hours} u` : `${sign}${hours} u ${rest} min`;
}

const results = (page: Page) => page.getByTestId('crosscheck-results');

test('crosscheck of last month in Dutch: hours filtered, differences flagged, CSV exported', async ({
  page,
}, info) => {
  const month = lastMonth();
  await signIn(page, 'staff-moderator', { language: 'nl' });
  await mainNavigation(page).getByRole('link', { name: 'Crosschecks' }).click();
  await expect(page).toHaveURL(/\/admin\/crosschecks$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crosschecks');
  const months = await callApi<{ month: string; customers: number; differences: number }[]>(
    page,
    'GET',
    '/api/admin/v2/crosschecks',
  );
  const last = months.find((entry) => entry.month === month);
  expect(last?.customers).toBe(5);
  const listed = page.getByTestId(`crosscheck-month-${month}`);
  await expect(listed).toContainText(`${last?.differences} verschil`);

  await listed.getByRole('link', { name: `Open de crosscheck van ${dutchMonth(month)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/crosschecks/${month}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Crosscheck ${dutchMonth(month)}`);
  // The month by name, as the heading has it: "Crosscheck oktober 2026 · Crosschecks · Portaal".
  await expect(page).toHaveTitle(`Crosscheck ${dutchMonth(month)} · Crosschecks · Portaal`);
  await expect(page.getByTestId('crosscheck-summary')).toContainText('5 klanten');

  await test.step('the hours only', async () => {
    await page.getByRole('combobox', { name: 'Subtype' }).selectOption('manhour');
    await expect(page).toHaveURL(/subtype=manhour/);
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  });

  const expected = await callApi<Row[]>(page, 'GET', `/api/admin/v2/crosschecks/${month}?subtype=manhour`);
  expect(expected.length).toBeGreaterThan(2);
  await test.step('each customer with billed, used, difference and status in words', async () => {
    await expect(page.getByTestId('crosscheck-table').locator('tbody tr')).toHaveCount(expected.length);
    for (const row of expected) {
      const shown = page.getByTestId(`crosscheck-row-${row.customer_id}-manhour`);
      await expect(shown).toContainText(row.customer_name);
      await expect(shown.getByTestId('crosscheck-difference')).toHaveText(dutchHours(row.difference));
      await expect(shown).toContainText(dutchHours(row.used));
    }
    const northwind = page.getByTestId(`crosscheck-row-${CUSTOMERS.northwind.id}-manhour`);
    await expect(northwind).toHaveAttribute('data-status', 'under_billed');
    await expect(northwind).toContainText('Minder gefactureerd dan gebruikt');
    await expect(northwind).toContainText('8 u');
    const vanDijk = page.getByTestId(`crosscheck-row-${CUSTOMERS.vanDijk.id}-manhour`);
    await expect(vanDijk).toContainText('Gefactureerd maar niet gebruikt');
  });

  await test.step('only the differences, by keyboard', async () => {
    await page.getByTestId('crosscheck-only-differences').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      /status=under_billed%2Cunbilled%2Cunused|status=under_billed,unbilled,unused/,
    );
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('crosscheck-table').locator('tbody tr')).toHaveCount(
      expected.filter((row) => row.status !== 'match').length,
    );
  });

  await test.step('the CSV of the hours holds the figures of the screen', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download de CSV van Uur voor ${dutchMonth(month)}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`crosscheck-${month}-manhour-nl.csv`);
    const file = info.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header?.split(';')).toEqual([
      'maand',
      'klantnummer',
      'debiteurnummer',
      'klant',
      'subtype',
      'eenheid',
      'gefactureerd',
      'gebruikt',
      'verschil',
      'te_factureren',
      'status',
    ]);
    // No demo name holds a ; or a quote, so a plain split reads the file.
    const records = lines.map((line) => line.split(';'));
    expect(records.map((record) => [Number(record[1]), record[6], record[7], record[8], record[10]])).toEqual(
      expected.map((row) => [
        row.customer_id,
        row.billed.replace('.', ','),
        row.used.replace('.', ','),
        row.difference.replace('.', ','),
        row.status,
      ]),
    );
  });
});

test('the staff viewer reads crosschecks without export buttons, and the API refuses its export', async ({
  page,
}) => {
  await signIn(page, 'staff-viewer', { language: 'en' });
  await page.goto(`/admin/crosschecks/${lastMonth()}`);
  await expect(page.getByTestId('crosscheck-table')).toBeVisible();
  await expect(page.getByTestId('crosscheck-export-manhour')).toHaveCount(0);
  const refused = await callApi<{ code: string }>(
    page,
    'GET',
    `/api/admin/v2/crosschecks/${lastMonth()}/export?subtype=manhour`,
    undefined,
    403,
  );
  expect(refused.code).toBe('FORBIDDEN');

  // A month that is not one is the page-not-found error, without asking the API.
  await page.goto('/admin/crosschecks/2026-13');
  await expect(page.getByTestId('error-text')).toHaveText('Page not found: /admin/crosschecks/2026-13');
});

test("a customer's owner gets the forbidden page and no entry in the menu", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await expect(mainNavigation(page).getByRole('link', { name: 'Crosschecks' })).toHaveCount(0);
  await page.goto('/admin/crosschecks');
  await expectForbiddenPage(page, 'nl');
});

const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 800 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

async function checkScreen(page: Page, name: string, mode: ColourMode, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.viewport);
    await settle(page);
    await ready();
    await expectNoAxeViolations(page, `${name}, ${mode}, ${width.name} px`);
    await saveScreenshot(page, `${name}-${width.name}-${mode}`);
  }
}

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`axe and screenshots of the crosschecks, ${mode} mode`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await page.goto('/admin/crosschecks');
    await checkScreen(page, 'admin-crosschecks', mode, () =>
      expect(page.getByTestId('crosscheck-months')).toHaveAttribute('aria-busy', 'false'),
    );
    await page.goto(`/admin/crosschecks/${lastMonth()}`);
    await checkScreen(page, 'admin-crosscheck', mode, () =>
      expect(results(page)).toHaveAttribute('aria-busy', 'false'),
    );
    await page.goto(`/admin/crosschecks/${lastMonth()}?q=bestaat-niet`);
    await expect(page.getByTestId('crosscheck-rows-empty')).toBeVisible();
    await checkScreen(page, 'admin-crosscheck-empty', mode, () =>
      expect(results(page)).toHaveAttribute('aria-busy', 'false'),
    );
  });
}
