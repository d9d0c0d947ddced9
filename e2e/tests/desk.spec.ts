import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  callApi,
  expectNoAxeViolations,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * Issue 15, in Dutch: a viewer files a ticket; the staff moderator finds it in the service desk's
 * queue (without the customer switcher), opens it, assigns it to themselves and answers with a saved
 * reply asking for the customer's reply; the ticket leaves "awaiting the desk" and the viewer's
 * dashboard shows it as awaiting their reply. Also: axe and screenshots of the queue and the
 * dashboard in both colour modes, on a phone and a wide screen.
 */

const unique = (text: string) => `${text} ${Date.now().toString(36)}`;
const STAFF_NAME = 'Joris Mulder';
/** financial-moderator of 1001: not the author, so a watcher can be added. */
const WATCHER_NAME = 'Pieter Jansen';

async function secondUser(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, { language: 'nl' });
  return { context, page };
}

const ticketUrl = /\/support\/ticket\/(\d+)$/;

test('the service desk in Dutch: filed, found in the queue, assigned, answered with a saved reply, on the dashboard', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const subject = unique('Mailbox van de receptie is vol');
  await signIn(page, 'viewer', { language: 'nl' });

  let ticketId = 0;
  await test.step('the viewer files a ticket', async () => {
    await page.goto('/support/new-ticket');
    await page.getByRole('textbox', { name: 'Onderwerp' }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Omschrijving' })
      .fill('De mailbox van de receptie weigert nieuwe berichten: hij zou vol zijn.');
    await page.getByRole('button', { name: 'Ticket versturen' }).click();
    await expect(page).toHaveURL(ticketUrl);
    ticketId = Number(ticketUrl.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
  });

  await test.step('the viewer adds a colleague as a watcher', async () => {
    const details = page.getByRole('region', { name: 'Gegevens' });
    await details.getByRole('combobox', { name: 'Volger toevoegen' }).click();
    await page.getByRole('option', { name: WATCHER_NAME }).click();
    await details.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(page.getByText(`${WATCHER_NAME} volgt dit ticket nu`)).toBeVisible();
    await expect(
      details.getByRole('button', { name: `${WATCHER_NAME} als volger verwijderen` }),
    ).toBeVisible();
  });

  const staff = await secondUser(browser, 'staff-moderator');
  const desk = staff.page;
  await test.step('the staff moderator sees it in the queue: new, awaiting the desk, unassigned', async () => {
    await desk.goto('/admin/tickets');
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Servicedesk');
    await desk.getByTestId('desk-view-new').click();
    await expect(desk).toHaveURL(/view=new/);
    const row = desk.getByTestId(`desk-row-${ticketId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(subject);
    await expect(row).toContainText(CUSTOMERS.goudenKorst.name);
    await expect(row).toContainText('Niet toegewezen');
    await expect(row).toContainText('Antwoord verwacht');
    // Urgency order: what is overdue comes first, then by when the answer is due; a fresh ticket
    // of normal priority follows the overdue ones of the demo data (and, in a full run, tickets that
    // earlier tests filed, which are due sooner).
    const rows = desk.getByTestId('desk-table').locator('tbody tr');
    const ids = await rows.evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute('data-testid')?.replace('desk-row-', ''))),
    );
    const overdue = await desk
      .getByTestId('desk-table')
      .getByText(/Te laat sinds/)
      .count();
    expect(overdue).toBeGreaterThan(0);
    expect(ids.indexOf(ticketId)).toBeGreaterThanOrEqual(overdue);
    await desk.getByTestId('desk-view-awaiting_desk').click();
    await expect(desk.getByTestId(`desk-row-${ticketId}`)).toBeVisible();
  });

  await test.step('opens it by its number in the header search: the customer is selected, no switcher needed', async () => {
    await expect(desk.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.provider.name);
    const search = desk.getByRole('searchbox', { name: 'Zoeken in het portaal' });
    await search.fill(`#${ticketId}`);
    await search.press('Enter');
    await expect(desk).toHaveURL(new RegExp(`/support/ticket/${ticketId}$`));
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(subject);
    await expect(desk.getByTestId('customer-switcher')).toHaveValue(CUSTOMERS.goudenKorst.name);
  });

  await test.step('assigns it to themselves and answers with a saved reply, awaiting the reply', async () => {
    await desk.getByRole('button', { name: 'Aan mij toewijzen' }).click();
    await expect(desk.getByText(`Ticket toegewezen aan ${STAFF_NAME}`).first()).toBeVisible();
    await expect(desk.getByTestId('assignment-event').last()).toContainText(
      `heeft het ticket toegewezen aan ${STAFF_NAME}`,
    );
    await desk.getByRole('combobox', { name: 'Opgeslagen antwoord invoegen' }).click();
    await desk.getByRole('option', { name: 'We zoeken het uit' }).click();
    const body = desk.getByRole('textbox', { name: 'Uw bericht' });
    await expect(body).toHaveValue(/We zoeken het uit en laten u zo snel mogelijk weten/);
    await body.fill(`${await body.inputValue()} Kunt u ons laten weten hoe groot de mailbox nu is?`);
    await desk.getByRole('combobox', { name: 'Status na versturen' }).click();
    await desk.getByRole('option', { name: 'Wacht op reactie' }).click();
    await desk.getByRole('button', { name: 'Reactie versturen' }).click();
    await expect(desk.getByTestId('ticket-message').last()).toContainText('Kunt u ons laten weten');
  });

  await test.step('the ticket left "awaiting the desk" and is in "assigned to me"', async () => {
    await desk.goto('/admin/tickets?view=awaiting_desk');
    await expect(desk.getByTestId('desk-view-awaiting_desk')).toHaveAttribute('aria-current', 'true');
    await expect(desk.getByRole('region', { name: 'Tickets in de wachtrij' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await expect(desk.getByTestId(`desk-row-${ticketId}`)).toHaveCount(0);
    await desk.getByTestId('desk-view-mine').click();
    const row = desk.getByTestId(`desk-row-${ticketId}`);
    await expect(row).toContainText(STAFF_NAME);
    await expect(row).toContainText('Wacht op de klant');
    await staff.context.close();
  });

  await test.step("the viewer's dashboard shows it as awaiting their reply", async () => {
    await page.goto('/');
    const panel = page.getByTestId('panel-tickets');
    await expect(panel.getByRole('heading', { name: 'Tickets' })).toBeVisible();
    const awaiting = panel.getByTestId('figure-tickets-awaiting_reply');
    await expect(awaiting).toContainText('Wacht op uw reactie');
    const expected = await callApi<{ ticket_id: number }[]>(
      page,
      'GET',
      `/api/v2/customer/${CUSTOMERS.goudenKorst.id}/tickets?status=awaiting_reply&limit=100`,
    );
    expect(expected.map((ticket) => ticket.ticket_id)).toContain(ticketId);
    await expect(awaiting).toContainText(String(expected.length));
    await expect(panel.getByRole('link', { name: subject })).toBeVisible();
    await awaiting.click();
    await expect(page).toHaveURL(/\/support\?status=awaiting_reply$/);
    await expect(page.getByRole('link', { name: subject })).toBeVisible();
    await page.getByRole('link', { name: subject }).click();
    await expect(page.getByText(STAFF_NAME).first()).toBeVisible();
  });
});

test('saved replies in Dutch: staff add one, change it and delete it', async ({ page }) => {
  const title = unique('Mailbox vol');
  await signIn(page, 'staff-moderator', { language: 'nl' });
  await page.goto('/admin/tickets');
  await page.getByRole('button', { name: 'Opgeslagen antwoorden' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opgeslagen antwoorden');
  await expect(page.getByRole('heading', { level: 3, name: 'We zoeken het uit' })).toBeVisible();

  await page.getByRole('button', { name: 'Nieuw opgeslagen antwoord' }).click();
  const form = page.getByTestId('saved-reply-form');
  await expect(form.getByRole('combobox', { name: 'Taal' })).toHaveValue('Nederlands');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByRole('textbox', { name: 'Titel' })).toHaveAccessibleDescription(
    'Dit veld is verplicht.',
  );
  await form.getByRole('textbox', { name: 'Titel' }).fill(title);
  await form.getByRole('textbox', { name: 'Tekst' }).fill('Uw mailbox is vol. Wij hebben hem vergroot.');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(`Opgeslagen antwoord “${title}” toegevoegd`)).toBeVisible();
  const dutch = page.getByRole('region', { name: 'Nederlands' });
  const card = dutch.getByRole('article', { name: title });
  await expect(card).toContainText('Wij hebben hem vergroot.');

  await card.getByRole('button', { name: `“${title}” wijzigen` }).click();
  await page
    .getByTestId('saved-reply-form')
    .getByRole('textbox', { name: 'Tekst' })
    .fill('Opgelost: de mailbox is groter.');
  await page.getByTestId('saved-reply-form').getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(`Opgeslagen antwoord “${title}” gewijzigd`)).toBeVisible();
  await expect(dutch.getByRole('article', { name: title })).toContainText('de mailbox is groter');

  await dutch
    .getByRole('article', { name: title })
    .getByRole('button', { name: `“${title}” verwijderen` })
    .click();
  const dialog = page.getByRole('dialog', { name: `“${title}” verwijderen?` });
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText(`Opgeslagen antwoord “${title}” verwijderd`)).toBeVisible();
  await expect(dutch.getByRole('article', { name: title })).toHaveCount(0);
});

const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 800 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;
const MODES: ColourMode[] = ['light', 'dark'];

async function checkScreen(page: Page, name: string, mode: ColourMode) {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.viewport);
    await settle(page);
    await expectNoAxeViolations(page, `${name}, ${mode}, ${width.name} px`);
    await saveScreenshot(page, `${name}-${width.name}-${mode}`);
  }
}

for (const mode of MODES) {
  test(`axe and screenshots of the service desk queue and the dashboard, ${mode} mode`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await page.goto('/admin/tickets');
    await expect(page.getByTestId('desk-view-all')).toContainText(/\d/);
    await expect(page.getByTestId('desk-table').or(page.getByTestId('desk-cards'))).toBeVisible();
    await checkScreen(page, 'desk-queue', mode);
    await page.goto('/admin/tickets?view=mine&customer=1005');
    await expect(page.getByTestId('desk-empty')).toBeVisible();
    await checkScreen(page, 'desk-queue-empty', mode);
    await page.goto('/admin/tickets');
    await page.getByRole('button', { name: 'Opgeslagen antwoorden' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'We zoeken het uit' })).toBeVisible();
    await checkScreen(page, 'saved-replies', mode);

    const viewer = await browser.newContext({ colorScheme: mode, reducedMotion: 'reduce' });
    const home = await viewer.newPage();
    await signIn(home, 'viewer', { language: 'nl' });
    await expect(home.getByTestId('panel-tickets')).toBeVisible();
    await checkScreen(home, 'dashboard', mode);
    await viewer.close();
  });
}
