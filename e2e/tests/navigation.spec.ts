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

test('the header height and sidebar width are measured after each page finish and on resize', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  // The variables against the elements' own sizes.
  const sizes = () =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      return [
        root.getPropertyValue('--portaal-header-height').trim(),
        `${document.querySelector<HTMLElement>('header')?.offsetHeight}px`,
        root.getPropertyValue('--portaal-sidebar-width').trim(),
        `${document.querySelector<HTMLElement>('#app-sidebar')?.offsetWidth}px`,
      ];
    });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/support');
  await expect.poll(sizes).toEqual(['60px', '60px', '260px', '260px']);
  // A phone: the sidebar is a drawer that takes no room beside the page.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect
    .poll(async () => {
      const [header, headerHeight, sidebar, sidebarWidth] = await sizes();
      return header === headerHeight && sidebar === sidebarWidth;
    })
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/administration/invoices');
  await expect.poll(sizes).toEqual(['60px', '60px', '260px', '260px']);
});

test('a newer build on the server is announced with a reload button (SPEC §4 build updates)', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  // The watch loads after the start; the server now says another build is live.
  await page.route('**/builds/latest.json', (route) =>
    route.fulfill({ json: { build_id: 'a-newer-build' } }),
  );
  await expect
    .poll(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      return page.getByText('A new version is available').count();
    })
    .toBe(1);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
