import { expect, test } from '@playwright/test';
import { browserStorage, chooseColourMode, signIn } from './support.ts';

/* SPEC.md §2 and §4: the colour mode preference is system, light or dark, and it persists. */

const COLOUR_SCHEME_KEY = 'portaal-color-scheme';

test('colour mode: dark and light persist across a reload; system follows the OS', async ({ page }) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, 'financial-viewer', { language: 'en' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await chooseColourMode(page, 'dark');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect((await browserStorage(page)).local[COLOUR_SCHEME_KEY]).toBe('dark');
  // The menu marks the current choice.
  await page.getByTestId('preferences').click();
  await expect(page.getByTestId('colour-mode-dark')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('colour-mode-light')).not.toHaveAttribute('aria-current', /.*/);
  await expect(page.getByTestId('colour-mode-auto')).not.toHaveAttribute('aria-current', /.*/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground);

  // The clean layout (error pages) follows the same preference.
  await page.goto('/error?cause=forbidden');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nope, no access');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await chooseColourMode(page, 'light');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(lightBackground).not.toBe(darkBackground);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // System: follows the OS setting, and updates when it changes.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await chooseColourMode(page, 'auto');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect((await browserStorage(page)).local[COLOUR_SCHEME_KEY]).toBe('auto');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
