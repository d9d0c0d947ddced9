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
 * Usage of all customers (/admin/usage), in Dutch: the staff viewer picks last month, keeps the
 * bundles over quota, sees Northwind's support hours over quota written the Dutch way, and opens
 * Northwind's own usage screen from there (the customer is selected for them). A customer's owner
 * gets the forbidden page. Also: axe and screenshots in both colour modes, on a phone and a wide
 * screen, with the list and its empty state.
 */

interface Row {
  id: number;
  customer_id: number;
  customer_name: string;
  usage_type: string;
  unit: string;
  used_amount: number;
  overusage_amount: number;
}

/** Last month (UTC), as the API names it: a whole month, so Northwind's 8 support hours run over. */
function lastMonth(): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** SPEC.md §9 written out independently: nl-NL numbers, integers above 1000, hours as "u" and "min". */
function dutch(value: number, unit: string): string {
  if (unit === 'hour') {
    const minutes = Math.round(value * 60);
    const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
    if (hours === 0) return `${rest} min`;
    const whole = new Intl.NumberFormat('nl-NL').format(hours);
    return rest === 0 ? `${whole} u` : `${whole} u ${rest} min`;
  }
  const number = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: Math.abs(value) > 1000 ? 0 : 2 });
  return `${number.format(Math.abs(value) > 1000 ? Math.round(value) : value)} ${unit}`;
}

const results = (page: Page) => page.getByTestId('admin-usage-results');

test('usage of all customers in Dutch: last month, over quota only, Northwind opened from the list', async ({
  page,
}) => {
  const month = lastMonth();
  await signIn(page, 'staff-viewer', { language: 'nl' });
  await mainNavigation(page).getByRole('link', { name: 'Verbruik van alle klanten' }).click();
  await expect(page).toHaveURL(/\/admin\/usage$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verbruik van alle klanten');
  await expect(page.getByTestId('admin-usage-table')).toBeVisible();

  await test.step('last month, only the bundles over quota', async () => {
    await page.getByRole('combobox', { name: 'Maand' }).selectOption(month);
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
    await page.getByRole('checkbox', { name: 'Alleen overschreden bundels' }).check();
    await expect(page).toHaveURL(/over=1/);
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  });

  const expected = await callApi<Row[]>(
    page,
    'GET',
    `/api/admin/v2/usage?month=${month}&over_quota=true&limit=100`,
  );
  const northwind = expected.find(
    (row) => row.customer_id === CUSTOMERS.northwind.id && row.usage_type === 'manhour',
  );
  expect(northwind, "Northwind's support hours are over quota every whole month").toBeDefined();

  await test.step('exactly the bundles over quota, each with its over-usage in Dutch', async () => {
    const rows = page.getByTestId('admin-usage-table').locator('tbody tr');
    await expect(rows).toHaveCount(expected.length);
    for (const row of expected) {
      const shown = page.getByTestId(`admin-usage-row-${row.id}`);
      await expect(shown).toContainText(row.customer_name);
      await expect(shown.getByTestId('admin-usage-over')).toHaveText(dutch(row.overusage_amount, row.unit));
      await expect(shown.getByTestId('usage-status')).toHaveText('Op of bijna op · 100% gebruikt');
    }
    const line = page.getByTestId(`admin-usage-row-${northwind?.id}`);
    await expect(line).toContainText('Uur');
    await expect(line).toContainText(dutch(northwind?.used_amount ?? 0, 'hour'));
    await expect(line).toContainText('8 u');
    // A bundle in another unit shows the decimal comma (and a thousands point).
    const other = expected.find((row) => row.unit !== 'hour');
    if (other) {
      await expect(page.getByTestId(`admin-usage-row-${other.id}`)).toContainText(
        dutch(other.used_amount, other.unit),
      );
    }
  });

  await test.step("Northwind's own usage screen opens from its name, Northwind selected", async () => {
    await page
      .getByTestId(`admin-usage-row-${northwind?.id}`)
      .getByRole('link', { name: CUSTOMERS.northwind.name })
      .click();
    await expect(page).toHaveURL(new RegExp(`/sla-usage/usage\\?period=${month}$`));
    await expect(page.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.northwind.name);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verbruik');
    const hours = page.getByRole('article', { name: 'Uur' });
    await expect(hours.getByTestId('usage-overusage')).toHaveText(
      `Boven de bundel: ${dutch(northwind?.overusage_amount ?? 0, 'hour')}`,
    );
  });
});

test("a customer's owner gets the forbidden page and no entry in the menu", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await expect(mainNavigation(page).getByRole('link', { name: 'Verbruik van alle klanten' })).toHaveCount(0);
  await page.goto('/admin/usage');
  await expectForbiddenPage(page, 'nl');
  const answer = await callApi<{ code: string }>(page, 'GET', '/api/admin/v2/usage', undefined, 403);
  expect(answer.code).toBe('FORBIDDEN');
});

const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 800 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

async function checkScreen(page: Page, name: string, mode: ColourMode) {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.viewport);
    await settle(page);
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    await expectNoAxeViolations(page, `${name}, ${mode}, ${width.name} px`);
    await saveScreenshot(page, `${name}-${width.name}-${mode}`);
  }
}

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`axe and screenshots of usage of all customers, ${mode} mode`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-viewer', { language: 'nl' });
    await page.goto('/admin/usage');
    await expect(page.getByTestId('admin-usage-table')).toBeVisible();
    await checkScreen(page, 'admin-usage', mode);
    await page.goto('/admin/usage?status=error&type=hours,storage');
    await expect(
      page.getByTestId('admin-usage-table').or(page.getByTestId('admin-usage-cards')),
    ).toBeVisible();
    await checkScreen(page, 'admin-usage-filtered', mode);
    await page.goto('/admin/usage?q=bestaat-niet');
    await expect(page.getByTestId('admin-usage-empty')).toBeVisible();
    await checkScreen(page, 'admin-usage-empty', mode);
  });
}
