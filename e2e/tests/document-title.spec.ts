import { expect, test } from '@playwright/test';
import { setLanguage, signIn } from './support.ts';

/*
 * Issue 10: every screen has a title of its own (WCAG 2.4.2), 'page · area · brand', translated and
 * kept up to date on navigation and on a change of language.
 */

test('each screen names itself in the document title, and navigation retitles it', async ({ page }) => {
  await signIn(page, 'owner', { language: 'en' });
  await expect(page).toHaveTitle('Dashboard · Portaal');

  await page.goto('/support/ticket/10014');
  await expect(page.getByTestId('ticket-thread')).toBeVisible();
  await expect(page).toHaveTitle('Ticket #10014 · Support · Portaal');

  // A screen that shows one named item leads with its name once loaded; leaving it for its list (the
  // landscape's list is the same route) drops the name again.
  await page.goto('/servers/system-landscape/devices/5');
  await expect(page).toHaveTitle('gk-esx01 · System landscape · Servers · Portaal');
  await page.getByRole('link', { name: 'All devices' }).click();
  await expect(page).toHaveTitle('System landscape · Servers · Portaal');
  await page.goto('/company/1001/contacts/1');
  await expect(page).toHaveTitle('Sanne de Vries · Contact · Company · Portaal');

  // Navigating inside the app (no page load) retitles too; two screens never share a title.
  await page.goto('/support/ticket/10014');
  await expect(page.getByTestId('ticket-thread')).toBeVisible();
  await page.getByRole('link', { name: 'All tickets' }).click();
  await expect(page).toHaveTitle('Tickets · Support · Portaal');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Portaal');
  await page.goto('/support/ticket/abc');
  await expect(page).toHaveTitle('Page not found · Portaal');
  await page.goto('/error?cause=forbidden');
  await expect(page).toHaveTitle('No access · Portaal');
});

test('the titles are translated and follow a change of language', async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await expect(page).toHaveTitle('Dashboard · Portaal');
  await page.goto('/support/ticket/10014');
  await expect(page.getByTestId('ticket-thread')).toBeVisible();
  await expect(page).toHaveTitle('Ticket #10014 · Support · Portaal');
  await page.goto('/support/new-ticket');
  await expect(page).toHaveTitle('Nieuw ticket · Support · Portaal');
  await page.goto('/servers/trends');
  await expect(page).toHaveTitle('Trendmonitoring · Servers · Portaal');
  await page.goto('/servers/system-landscape/devices/5');
  await expect(page).toHaveTitle('gk-esx01 · Systeemlandschap · Servers · Portaal');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Pagina niet gevonden · Portaal');

  // The language changes in place: the title follows without a navigation.
  await setLanguage(page, 'en');
  await expect(page).toHaveTitle('Page not found · Portaal');
});
