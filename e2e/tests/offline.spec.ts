import { expect, test } from '@playwright/test';
import { mainNavigation, signIn } from './support.ts';

/*
 * Offline (a tester's walk): a page whose code had not loaded yet used to reload the app, and the
 * browser then showed its own offline page in place of the app. Now the app stays, says it is offline,
 * and opens the page once the connection is back.
 */
test('offline, the app stays, says so, and opens the page asked for once the connection is back', async ({
  page,
  context,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  // The toaster (and with it the offline notice) loads after the first screen.
  await page.waitForLoadState('networkidle');

  await test.step('going offline shows a notice that stays', async () => {
    await context.setOffline(true);
    await expect(page.getByText('U bent offline')).toBeVisible();
    await expect(
      page.getByText('Wat u verstuurt, gaat weg zodra de verbinding terug is.', { exact: false }),
    ).toBeVisible();
  });

  await test.step('a page not opened before fails to load inside the app, not as the browser’s offline page', async () => {
    await mainNavigation(page).getByRole('link', { name: 'Support' }).click();
    await expect(page.getByTestId('error-text')).toHaveText(
      'De verbinding is mislukt. Controleer uw netwerk en probeer het opnieuw.',
    );
    expect(page.url()).toMatch(/^http:\/\/localhost:\d+\/support$/);
  });

  await test.step('back online, the page asked for opens', async () => {
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page.getByText('U bent offline')).toHaveCount(0);
  });
});
