import { expect, test } from '@playwright/test';
import { mainNavigation, signIn } from './support.ts';

test('the sidebar marks only the current screen, not its group or the group overview', async ({ page }) => {
  await signIn(page, 'owner', { language: 'en' });
  const nav = mainNavigation(page);
  for (const [path, entry] of [
    ['/administration/invoices', 'Invoices'],
    ['/servers/system-landscape', 'System landscape'],
    ['/sla-usage', 'Overview'],
  ] as const) {
    await page.goto(path);
    await expect(nav.locator('a[aria-current="page"]')).toHaveText([entry]);
    await expect(nav.locator('a[data-active]')).toHaveText([entry]);
  }
});
