import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginForm, setLanguage, settle, sidewaysOverflow, signIn } from './support.ts';

/*
 * Short labels that must not wrap where there is room, and long ones that wrap only where a reader
 * expects a break, at a phone's and a wide screen's width, in both languages.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1600, height: 1000 };

/** The number of lines each element's text takes (one line box top per line). */
function lineCounts(elements: Locator) {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }),
  );
}

/** Runs `check` on a wide screen and a phone, in Dutch and then English (the profile keeps the last). */
async function atEachLanguageAndWidth(
  page: Page,
  check: (language: 'nl' | 'en', viewport: typeof WIDE) => Promise<void>,
) {
  for (const language of ['nl', 'en'] as const) {
    await setLanguage(page, language);
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      await check(language, viewport);
    }
  }
}

test('the reports’ type filter keeps each label on one line at 1600 px, and fits a phone', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await atEachLanguageAndWidth(page, async (language, viewport) => {
    await page.goto('/sla-usage/reports');
    const labels = page.getByRole('radiogroup').locator('label');
    await expect(labels).toHaveCount(3);
    await settle(page);
    expect(
      await sidewaysOverflow(page),
      `${language} ${viewport.width}: sideways overflow in px`,
    ).toBeLessThanOrEqual(0);
    // 'SLA report' wrapped at 1600 px: the three kinds shared the width out equally.
    if (viewport === WIDE)
      expect(await lineCounts(labels), `${language}: lines per type label`).toEqual([1, 1, 1]);
  });
});

test('a server card’s status badge never squeezes the name and kind into a narrow column', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await atEachLanguageAndWidth(page, async (language, viewport) => {
    await page.goto('/servers');
    const cards = page.locator('li[data-server]');
    // gk-ftp01 is being decommissioned: the widest badge ('Wordt uitgefaseerd').
    await expect(cards.filter({ hasText: /decommissioning|wordt uitgefaseerd/i })).toHaveCount(1);
    await settle(page);
    // The column that holds the name (a link) and the kind; it was about 60 px beside that badge.
    const widths = await cards
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.parentElement?.getBoundingClientRect().width ?? 0));
    expect(widths.length).toBeGreaterThan(0);
    expect(
      Math.min(...widths),
      `${language} ${viewport.width}: narrowest name column in px`,
    ).toBeGreaterThanOrEqual(144);
  });
});

test('on a phone the sign-in page’s demo logins break a role only after an underscore or a space', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(loginForm(page)).toBeVisible();
  for (const language of ['en', 'nl'] as const) {
    if (language === 'nl') {
      await page.locator('a[hreflang="nl"]').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    }
    const rows = page.locator('.demo tbody tr');
    await expect(rows).toHaveCount(8);
    // The character before each line break of a role; 'financial_moderat' + 'or' broke mid-word.
    const breaks = await rows.locator('td:nth-child(2)').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const found: string[] = [];
        let previous: { top: number; char: string } | undefined;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            const top = Math.round(rect.top);
            if (previous && top > previous.top) found.push(`${cell.textContent}: after '${previous.char}'`);
            previous = { top, char: text.charAt(i) };
          }
        }
        return found;
      }),
    );
    expect(breaks.length, `${language}: some role breaks (else the check is idle)`).toBeGreaterThan(0);
    expect(
      breaks.filter((line) => !/after '[_ ,]'$/.test(line)),
      `${language}: roles broken mid-word`,
    ).toEqual([]);
    expect(await lineCounts(rows.locator('code')), `${language}: lines per username`).toEqual(
      Array(8).fill(1),
    );
    expect(await sidewaysOverflow(page), `${language}: sideways overflow in px`).toBeLessThanOrEqual(0);
  }
});

test('at 1600 px the service desk’s customers and the new ticket’s request tabs take one line, and fit a phone', async ({
  page,
}) => {
  // Two screens at two widths in two languages.
  test.setTimeout(240_000);
  await signIn(page, 'staff-moderator', { timeout: 30_000 });
  await atEachLanguageAndWidth(page, async (language, viewport) => {
    await page.goto('/admin/tickets');
    // The table from 62em; a phone gets cards.
    const customers = page.getByTestId('desk-table').locator('tbody td:nth-child(3) button');
    if (viewport === WIDE) await expect(customers.first()).toBeVisible({ timeout: 30_000 });
    else await expect(page.getByTestId('desk-cards')).toBeVisible({ timeout: 30_000 });
    await settle(page);
    expect(
      await sidewaysOverflow(page),
      `${language} ${viewport.width}: desk, sideways overflow in px`,
    ).toBeLessThanOrEqual(0);
    // 'Bakkerij De Gouden Korst B.V.' took three lines beside the subject, the screen's right empty.
    if (viewport === WIDE) {
      const lines = await lineCounts(customers);
      expect(lines.length).toBeGreaterThan(0);
      expect(Math.max(...lines), `${language}: lines per customer name`).toBe(1);
    }

    await page.goto('/support/new-ticket');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(4, { timeout: 30_000 });
    await settle(page);
    expect(
      await sidewaysOverflow(page),
      `${language} ${viewport.width}: new ticket, sideways overflow in px`,
    ).toBeLessThanOrEqual(0);
    if (viewport === WIDE) {
      const rows = await tabs.evaluateAll(
        (nodes) => new Set(nodes.map((node) => Math.round(node.getBoundingClientRect().top))).size,
      );
      expect(rows, `${language}: rows of request tabs`).toBe(1);
      expect(await lineCounts(tabs.locator('.mantine-Tabs-tabLabel')), `${language}: lines per tab`).toEqual([
        1, 1, 1, 1,
      ]);
    }
  });
});
