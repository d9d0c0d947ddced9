import { expect, type Page, test } from '@playwright/test';
import { type ColourMode, expectNoAxeViolations, saveScreenshot, settle, signIn } from './support.ts';

/*
 * Tickets about a server (issue 11): from a device's object page, "report a problem" files a ticket in
 * Dutch with the device chosen, the ticket links back to the device, and the device's page lists the
 * open ticket. The header search finds a server by name. Then axe on the changed screens (object page
 * with its service card, the new-ticket form with a server chosen, the ticket with its link, the
 * filtered server overview, the search results, the dashboard) in both colour modes.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const DEVICE = { path: '/servers/system-landscape/devices/5', name: 'gk-esx01' };

test('technical-viewer reports a problem with a server from its page, in Dutch', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'technical-viewer', { language: 'nl' });
  await page.goto(DEVICE.path);
  await expect(h1(page)).toHaveText(DEVICE.name);
  const tickets = page.getByTestId('object-tickets');
  await expect(tickets.getByText('Geen open tickets over deze server.')).toBeVisible();

  await tickets.getByRole('link', { name: 'Meld een probleem met deze server' }).click();
  await expect(page).toHaveURL(/\/support\/new-ticket\?.*object=devices/);
  await expect(h1(page)).toHaveText('Nieuw ticket');
  // The form opens with the server chosen.
  const picker = page.getByRole('combobox', { name: 'Server of object' });
  await expect(picker).toHaveValue(DEVICE.name);
  await page.getByRole('combobox', { name: 'Soort verzoek' }).click();
  await page.getByRole('option', { name: 'Technische vraag', exact: true }).click();
  const subject = `Ventilator maakt lawaai ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Onderwerp' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Omschrijving' })
    .fill('Sinds vanochtend een hoge toon uit de host.');
  await page.getByRole('button', { name: 'Ticket versturen' }).click();

  await expect(page).toHaveURL(/\/support\/ticket\/\d+$/);
  await expect(h1(page)).toHaveText(subject);
  const link = page.getByTestId('ticket-object-link');
  await expect(link).toHaveText(DEVICE.name);
  await link.click();
  await expect(h1(page)).toHaveText(DEVICE.name);
  await expect(page).toHaveURL(new RegExp(`${DEVICE.path}$`));
  await expect(page.getByTestId('object-tickets').getByRole('link', { name: subject })).toBeVisible();

  // The header search finds the server by its name.
  await page.keyboard.press('/');
  const box = page.getByTestId('header-search');
  await box.fill('gk-web01');
  await box.press('Enter');
  const servers = page.getByRole('region', { name: 'Servers' });
  await servers.getByRole('link', { name: 'gk-web01' }).click();
  await expect(h1(page)).toHaveText('gk-web01');
  await expect(page).toHaveURL(/\/servers\/system-landscape\/virtual-machines\/1$/);
});

const screens = [
  { name: 'object-service', path: DEVICE.path, title: DEVICE.name },
  { name: 'object-service-vm', path: '/servers/system-landscape/virtual-machines/1', title: 'gk-web01' },
  {
    name: 'new-ticket-object',
    path: `/support/new-ticket?object=${DEVICE.path.split('landscape/')[1]}`,
    title: 'New ticket',
  },
  { name: 'servers-offline', path: '/servers?show=offline', title: 'Servers' },
  { name: 'search-servers', path: '/search?q=gk-web', title: 'Search' },
  { name: 'dashboard-servers', path: '/', title: /^Welcome/ },
];

for (const mode of ['light', 'dark'] as ColourMode[]) {
  test(`axe on the screens of tickets about servers, ${mode} mode`, async ({ page }) => {
    test.setTimeout(600_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'owner', { language: 'en' });
    // A ticket about the device, so the ticket page shows its link and the object page a ticket.
    await page.goto(`/support/new-ticket?object=${DEVICE.path.split('landscape/')[1]}`);
    await expect(page.getByRole('combobox', { name: 'Server or object' })).toHaveValue(DEVICE.name);
    await page.getByRole('combobox', { name: 'Request type' }).click();
    await page.getByRole('option', { name: 'Technical request', exact: true }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill(`Axe check ${mode}`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Filed by the axe test.');
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(page.getByTestId('ticket-object-link')).toHaveText(DEVICE.name);
    const ticketPath = new URL(page.url()).pathname;
    for (const screen of [
      ...screens,
      { name: 'ticket-object', path: ticketPath, title: `Axe check ${mode}` },
    ]) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path);
        await expect(h1(page)).toHaveText(screen.title, { timeout: 30_000 });
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 30_000 });
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
        await expectNoAxeViolations(page, `${screen.name}, ${mode}`);
        await saveScreenshot(page, `${screen.name}-1440-${mode}`);
      });
    }
  });
}
