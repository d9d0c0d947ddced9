import { expect, type Locator, test } from '@playwright/test';
import { settle, signIn } from './support.ts';

/*
 * index.html's first screen (drawn before any script) carries the fixed heading of a page such as the
 * ticket list, written in by the API in the page's language. The page takes over without a visible
 * change only if its own heading has the same text, place and colours: measured here against the
 * page itself.
 */

/** The box of an element's text (not of the element: the page's intro sits in a narrower flex item). */
const textBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height, color: getComputedStyle(element).color };
  });

test("the ticket list's heading shows before any script, where and as the page shows it", async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      const label = `${colorScheme} ${width}`;
      await page.setViewportSize({ width, height: 900 });
      // Without the app's scripts the first screen stays.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/support');
      const shell = page.locator('#app-loading');
      await expect(shell.locator('h1')).toHaveText('Support');
      const first = { title: await textBox(shell.locator('h1')), intro: await textBox(shell.locator('p')) };
      const introText = await shell.locator('p').textContent();
      expect(introText, label).toBeTruthy();

      await page.unroute('**/assets/*.js');
      await page.goto('/support');
      await settle(page);
      const title = page.locator('main h1');
      await expect(title).toHaveText('Support');
      const intro = page.locator('main p', { hasText: introText ?? '' });
      const app = { title: await textBox(title), intro: await textBox(intro) };
      for (const part of ['title', 'intro'] as const) {
        for (const key of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(app[part][key] - first[part][key]), `${label} ${part} ${key}`).toBeLessThanOrEqual(
            0.5,
          );
        }
        expect(app[part].color, `${label} ${part} colour`).toBe(first[part].color);
      }
    }
  }
});
