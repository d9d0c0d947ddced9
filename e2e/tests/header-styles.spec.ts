import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

/*
 * Decision 0044: the header's controls bring their own Mantine stylesheets (app/header-styles.ts), so
 * the home page never loads Mantine's whole stylesheet. Their menus, the customer switcher's list and
 * the search box must look the same as on a page that has the whole stylesheet.
 */

const FULL_STYLES = 'mantine-full-styles';

const fullStylesLoaded = (page: Page) =>
  page.evaluate((name) => [...document.styleSheets].some((sheet) => sheet.href?.includes(name)), FULL_STYLES);

/** Box and the styles that make the look of an element, rounded so that sub-pixel layout does not count. */
async function look(locator: Locator) {
  await expect(locator).toBeVisible();
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      box: [box.x, box.y, box.width, box.height].map(Math.round),
      ...Object.fromEntries(
        [
          'background-color',
          'color',
          'border',
          'border-radius',
          'box-shadow',
          'padding',
          'font-size',
          'font-weight',
          'line-height',
          'display',
          'position',
        ].map((name) => [name, style.getPropertyValue(name)]),
      ),
    };
  });
}

/**
 * Opens each header control in turn and records how it and what it opens look. `beforeLinks` runs
 * before the user menu opens: its items are links, and a focused link loads its page's code, with the
 * whole stylesheet (the router's preloading on intent).
 */
async function headerLooks(page: Page, beforeLinks: () => Promise<void> = async () => {}) {
  const looks: Record<string, unknown> = {};
  const menu = page.getByRole('menu');

  looks.preferencesButton = await look(page.getByTestId('preferences'));
  await page.getByTestId('preferences').click();
  looks.preferencesMenu = await look(menu);
  looks.preferencesItem = await look(page.getByTestId('colour-mode-dark'));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  const switcher = page.getByTestId('customer-switcher');
  looks.switcher = await look(switcher);
  await switcher.click();
  const listbox = page.getByRole('listbox');
  looks.switcherList = await look(listbox);
  looks.switcherOption = await look(listbox.getByRole('option').first());
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();

  looks.bell = await look(page.getByTestId('notification-bell'));
  // Below the small breakpoint the search is a link to the search page, with the buttons' look.
  const searchBox = page.getByRole('searchbox');
  if (await searchBox.isVisible()) looks.search = await look(searchBox);
  await beforeLinks();

  looks.userButton = await look(page.getByTestId('user-menu'));
  await page.getByTestId('user-menu').click();
  looks.userMenu = await look(menu);
  looks.userMenuItem = await look(menu.getByRole('menuitem').first());
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return looks;
}

const cases = [
  { scheme: 'light', width: 1440 },
  { scheme: 'dark', width: 1440 },
  { scheme: 'light', width: 390 },
] as const;

for (const { scheme, width } of cases) {
  test(`${scheme}, ${width} px: the header's menus look the same without Mantine's whole stylesheet`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    // The whole stylesheet is held back until the first round is measured.
    let requested = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(new RegExp(FULL_STYLES), async (route) => {
      requested = true;
      await released;
      await route.continue();
    });
    // multi has two customers, so the switcher shows.
    await signIn(page, 'multi', { language: 'en' });
    const withoutFull = await headerLooks(page, async () => {
      expect(requested).toBe(false);
    });
    expect(await fullStylesLoaded(page)).toBe(false);
    release();

    // A screen of the default layout loads the whole stylesheet; back home in the same document.
    // On a phone the navigation is in the menu drawer.
    if (width < 576) await page.locator('#app-menu-button').click();
    await page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    await expect.poll(() => fullStylesLoaded(page)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    expect(await headerLooks(page)).toEqual(withoutFull);
  });
}
