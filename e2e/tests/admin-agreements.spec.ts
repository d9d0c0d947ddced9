import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  callApi,
  chooseColourMode,
  expectForbiddenPage,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
} from './support.ts';

/*
 * Usage agreements (SPEC.md §2 "Usage agreements: form, logs, toggle between table and timeline",
 * decision 0024), in Dutch: the staff moderator opens Northwind's agreement from the customer screen,
 * records a change and a renewal and sees the totals and the changelog as a table and as a timeline;
 * the staff viewer reads without the form; a customer's owner gets the forbidden page. Axe and
 * screenshots in both colour modes and languages, on a phone and a wide screen. Northwind's agreement
 * is changed here only (other specs do not count it); totals are computed from what it holds first.
 */

const CUSTOMER = CUSTOMERS.northwind;
const PATH = `/admin/agreements/${CUSTOMER.id}`;
const stamp = Date.now().toString(36);

interface Agreement {
  total: string;
}

/** Hundredths, exactly, and back in Dutch notation ("32,5 uur"): the screen's number rule. */
const cents = (value: string) => Math.round(Number(value) * 100);
const dutch = (hundredths: number) =>
  `${new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 }).format(hundredths / 100)} uur`;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const total = (page: Page) => page.getByTestId('agreement-total');
const log = (page: Page) => page.getByRole('region', { name: /^(Wijzigingslog|Changelog)$/ });

test('the staff moderator in Dutch: opens the agreement from the customer list, records a change and a renewal, table and timeline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'staff-moderator', { language: 'nl' });
  const before = await callApi<Agreement>(page, 'GET', `/api/admin/v2/customer/${CUSTOMER.id}/agreement`);
  // Whatever earlier runs left: the expected totals follow from this one.
  const start = cents(before.total);

  await test.step('the customer screen links to the agreement', async () => {
    await page.goto('/admin/customers?q=northwind');
    const row = page.getByTestId('admin-customer-row').filter({ hasText: CUSTOMER.name });
    await expect(row).toHaveCount(1);
    const link = row.getByRole('link', { name: 'Verbruiksafspraak', exact: true });
    await expect(link).toHaveAccessibleDescription(CUSTOMER.name);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(h1(page)).toHaveText(CUSTOMER.name);
    await expect(total(page)).toHaveText(dutch(start));
    await expect(page.getByTestId('agreement-po')).toBeVisible();
  });

  await test.step('the details form takes the focus, and Escape gives it back to its button', async () => {
    const edit = page.getByRole('button', { name: 'Gegevens wijzigen' });
    await edit.click();
    await expect(page.getByTestId('agreement-po-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(edit).toBeFocused();
    await expect(page.getByTestId('agreement-po')).toBeVisible();
  });

  const form = page.getByTestId('agreement-form');
  const amount = form.getByRole('textbox', { name: /^Hoeveelheid/ });
  const comment = form.getByRole('textbox', { name: /^Toelichting/ });

  await test.step('below zero is refused in the form, with the new total previewed', async () => {
    await amount.fill(`-${(start + 100) / 100}`.replace('.', ','));
    await expect(form.getByText(/kan niet onder 0 komen/)).toBeVisible();
    await expect(page.getByTestId('agreement-preview')).toHaveText('Niet mogelijk');
    await amount.fill('2,5');
    await expect(page.getByTestId('agreement-preview')).toHaveText(dutch(start + 250));
    await expect(form.getByText(/kan niet onder 0 komen/)).toHaveCount(0);
  });

  await test.step('records the change: the total and the table show it', async () => {
    await comment.fill(`Extra uren e2e ${stamp}`);
    await form.getByRole('button', { name: 'Wijziging vastleggen' }).click();
    await expect(total(page)).toHaveText(dutch(start + 250));
    await expect(amount).toHaveValue('');
    const first = log(page).getByTestId('agreement-log-row').first();
    await expect(first).toContainText(`Extra uren e2e ${stamp}`);
    await expect(first).toContainText('+2,5 uur');
    await expect(first).toContainText(dutch(start + 250));
    await expect(first).toContainText('Joris Mulder');
  });

  await test.step('the timeline shows the same, and the choice stays in the URL', async () => {
    // By keyboard: the segmented control is a radio group.
    await page.getByRole('radio', { name: 'Tabel' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Tijdlijn' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]view=timeline/);
    const item = page.getByTestId('agreement-timeline-item').first();
    await expect(item).toContainText(`Extra uren e2e ${stamp}`);
    await expect(item).toContainText(`Nieuw totaal: ${dutch(start + 250)}`);
    await page.reload();
    await expect(page.getByTestId('agreement-timeline')).toBeVisible();
  });

  await test.step('a renewal sets the total', async () => {
    await form.getByRole('checkbox', { name: /^Verlenging/ }).check();
    const renewal = form.getByRole('textbox', { name: /^Nieuw totaal/ });
    await renewal.fill('40');
    await expect(page.getByTestId('agreement-preview')).toHaveText('40 uur');
    await comment.fill(`Verlengd e2e ${stamp}`);
    await form.getByRole('button', { name: 'Verlenging vastleggen' }).click();
    await expect(total(page)).toHaveText('40 uur');
    const item = page.getByTestId('agreement-timeline-item').first();
    await expect(item).toContainText('Op 40 uur gezet');
    await expect(item).toContainText('Verlenging');
    await page.getByTestId('agreement-view').getByText('Tabel', { exact: true }).click();
    await expect(page).not.toHaveURL(/view=/);
    await expect(log(page).getByTestId('agreement-log-row').first()).toContainText(`Verlengd e2e ${stamp}`);
  });
});

test('the staff viewer reads the agreement without the form', async ({ page }) => {
  await signIn(page, 'staff-viewer', { language: 'nl' });
  await page.goto(PATH);
  await expect(h1(page)).toHaveText(CUSTOMER.name);
  await expect(log(page).getByTestId('agreement-log-row').first()).toBeVisible();
  await expect(page.getByTestId('agreement-form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gegevens wijzigen' })).toHaveCount(0);
});

test("a customer's owner gets the forbidden page", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto(PATH);
  await expectForbiddenPage(page, 'nl');
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

for (const mode of MODES) {
  test(`axe and screenshots of the agreement screen, ${mode} mode`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await chooseColourMode(page, mode);
    for (const language of ['nl', 'en'] as const) {
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        for (const view of ['table', 'timeline'] as const) {
          const label = `${language}-${width.name}-${mode}-${view}`;
          await page.goto(view === 'timeline' ? `${PATH}?view=timeline` : PATH);
          await expect(page.getByTestId('agreement-total')).toBeVisible();
          await expect(
            log(page)
              .getByTestId(/^agreement-(log-row|timeline-item)$/)
              .first(),
          ).toBeVisible();
          // The below-zero rule on show: the field's error is part of what axe checks.
          await page.getByTestId('agreement-amount').fill('-100000');
          await settle(page);
          await expectNoAxeViolations(page, `agreement, ${label}`);
          await saveScreenshot(page, `admin-agreements-${label}`);
        }
      }
    }
  });
}

test('a customer id that is not one is the page-not-found error', async ({ page }) => {
  await signIn(page, 'staff-moderator', { language: 'en' });
  await page.goto('/admin/agreements/abc');
  await expect(page.getByTestId('error-text')).toHaveText('Page not found: /admin/agreements/abc');
});
