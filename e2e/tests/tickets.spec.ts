import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  CUSTOMERS,
  callApi,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
  switchCustomer,
} from './support.ts';

/*
 * Issue 4: support tickets and the notification centre through the real screens, in Dutch. The
 * viewer files a ticket with a screenshot, the staff moderator (a second browser) replies with a PDF,
 * the viewer hears of it through the bell, reads the reply and downloads both files byte for byte,
 * and the owner closes the ticket. Also: the urgent-request prompt, an address change request, and
 * axe and screenshots of the support screens and the open bell.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 24 × 16 RGB PNG (a green and orange block), so the server's content check sees a PNG. */
function makePng(): Buffer {
  const width = 24;
  const height = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([
      0,
      ...Array.from({ length: width }, (_, x) => (x < 12 === y < 8 ? [22, 163, 74] : [234, 88, 12])).flat(),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small one-page PDF with a correct cross-reference table. */
function makePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const SCREENSHOT = { name: 'printer-foutmelding.png', mimeType: 'image/png', buffer: makePng() };
const WORK_ORDER = { name: 'werkbon-printer.pdf', mimeType: 'application/pdf', buffer: makePdf('Werkbon') };

/** A subject no earlier run or demo ticket has. */
const unique = (text: string) => `${text} (${Date.now().toString(36)})`;

const bell = (page: Page) => page.getByTestId('notification-bell');
const bellDialog = (page: Page) => page.getByRole('dialog', { name: 'Meldingen' });

interface Summary {
  unread: number;
}

/**
 * What the user does when coming back to the tab: the browser fires visibilitychange, and the bell
 * asks for the count again (it also polls every 30 s, which the timeout leaves room for).
 */
async function returnToTab(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

async function expectUnread(page: Page, unread: number) {
  await expect(async () => {
    await returnToTab(page);
    await expect(bell(page)).toHaveAccessibleName(
      unread === 0 ? 'Meldingen' : `Meldingen, ${unread} ongelezen`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 40_000 });
}

/** A second person in a browser of their own, signed in in Dutch. */
async function secondUser(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, { language: 'nl' });
  return { context, page };
}

async function downloadBytes(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

const ticketUrl = /\/support\/ticket\/(\d+)$/;

test('a ticket from creation to closing, in Dutch: viewer, staff moderator, bell, downloads, owner', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const subject = unique('Printer op de tweede verdieping drukt niet af');
  const reply = 'Goedemorgen Lotte, de printer had een vastgelopen fuser. Hij is vervangen; zie de werkbon.';
  await signIn(page, 'viewer', { language: 'nl' });
  const before = await callApi<Summary>(page, 'GET', '/api/v2/me/notifications/summary');

  let ticketId = 0;
  await test.step('the viewer files a ticket with a screenshot', async () => {
    await page.goto('/support');
    await page.getByRole('link', { name: 'Nieuw ticket' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuw ticket');
    // The viewer may file technical requests only: shown as a fact, not as a choice.
    await expect(page.getByRole('combobox', { name: 'Soort verzoek' })).toHaveCount(0);
    await expect(page.getByRole('definition').filter({ hasText: 'Technische vraag' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Onderwerp' }).fill(subject);
    await page
      .getByRole('textbox', { name: 'Omschrijving' })
      .fill('Sinds vanochtend geeft de printer een foutmelding. Zie de schermafbeelding.');
    await page.getByTestId('attachment-input').setInputFiles(SCREENSHOT);
    await expect(page.getByRole('list', { name: 'Gekozen bestanden' })).toContainText(SCREENSHOT.name);
    await page.getByRole('button', { name: 'Ticket versturen' }).click();
    await expect(page).toHaveURL(ticketUrl);
    ticketId = Number(ticketUrl.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
    await expect(page.getByTestId('ticket-thread')).toContainText(SCREENSHOT.name);
    // Back to the overview inside the app: the ticket detail stays in the app's cache from here on.
    await page.getByRole('link', { name: 'Alle tickets' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
  });

  await test.step('the staff moderator replies with a PDF, in a browser of their own', async () => {
    const staff = await secondUser(browser, 'staff-moderator');
    await switchCustomer(staff.page, CUSTOMERS.goudenKorst.name);
    await staff.page.goto(`/support/ticket/${ticketId}`);
    await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText(subject);
    await staff.page.getByRole('textbox', { name: 'Uw bericht' }).fill(reply);
    await staff.page.getByTestId('attachment-input').setInputFiles(WORK_ORDER);
    await staff.page.getByRole('button', { name: 'Reactie versturen' }).click();
    await expect(staff.page.getByTestId('ticket-message').last()).toContainText(reply);
    await staff.context.close();
  });

  await test.step('the viewer sees the unread notification in the bell and opens it', async () => {
    await expectUnread(page, before.unread + 1);
    await bell(page).click();
    const dialog = bellDialog(page);
    await expect(dialog).toBeVisible();
    const item = dialog.getByTestId('notification').first();
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item).toContainText(`heeft gereageerd op ticket #${ticketId}: ${subject}`);
    await expect(item).toContainText(/zojuist|minuut geleden|minuten geleden/);
    await expectNoAxeViolations(page, 'the open bell, light');
    await item.getByRole('button', { name: new RegExp(`ticket #${ticketId}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/support/ticket/${ticketId}$`));
    await expect(dialog).toBeHidden();
    await expectUnread(page, before.unread);
  });

  await test.step('the viewer reads the reply and downloads both files, byte for byte', async () => {
    const thread = page.getByTestId('ticket-thread');
    await expect(thread).toContainText(reply);
    const pdf = await downloadBytes(
      page,
      page.getByRole('button', { name: `${WORK_ORDER.name} downloaden` }),
    );
    expect(pdf.name).toBe(WORK_ORDER.name);
    expect(pdf.bytes.equals(WORK_ORDER.buffer)).toBe(true);
    const png = await downloadBytes(
      page,
      page.getByRole('button', { name: `${SCREENSHOT.name} downloaden` }),
    );
    expect(png.name).toBe(SCREENSHOT.name);
    expect(png.bytes.equals(SCREENSHOT.buffer)).toBe(true);
  });

  await test.step('the owner closes the ticket; the viewer is told', async () => {
    const owner = await secondUser(browser, 'owner');
    await owner.page.goto(`/support/ticket/${ticketId}`);
    await expect(owner.page.getByRole('heading', { level: 1 })).toHaveText(subject);
    await owner.page.getByRole('button', { name: 'Ticket sluiten' }).click();
    // Closing asks first (the reason is optional).
    const confirm = owner.page.getByRole('dialog', { name: 'Dit ticket sluiten?' });
    await confirm.getByRole('button', { name: 'Ticket sluiten' }).click();
    await expect(owner.page.getByText('Status gewijzigd in Gesloten').first()).toBeVisible();
    await expect(owner.page.getByRole('button', { name: 'Ticket heropenen' })).toBeVisible();
    await owner.context.close();

    await expectUnread(page, before.unread + 1);
    await bell(page).click();
    const item = bellDialog(page).getByTestId('notification').first();
    await expect(item).toContainText(`Ticket #${ticketId} is nu gesloten: ${subject}`);
    await bellDialog(page).getByRole('button', { name: 'Alles als gelezen markeren' }).click();
    await expect(item).not.toHaveAttribute('data-unread');
    await expectUnread(page, 0);
    await page.keyboard.press('Escape');
    await expect(bellDialog(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });
});

test('an urgent request asks the user to call the service desk', async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto('/support/new-ticket');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuw ticket');
  const prompt = page.getByTestId('urgent-prompt');
  await expect(page.getByRole('textbox', { name: 'Onderwerp' })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Soort verzoek' }).click();
  await page.getByRole('option', { name: 'Storing', exact: true }).click();
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Spoed? Bel de servicedesk');
  await expect(prompt.getByRole('link', { name: /^Bel / })).toHaveAttribute('href', /^tel:\+?\d+$/);

  // A technical request at normal priority is not urgent; at high priority it is.
  await page.getByRole('combobox', { name: 'Soort verzoek' }).click();
  await page.getByRole('option', { name: 'Technische vraag', exact: true }).click();
  await expect(prompt).toHaveCount(0);
  await page.getByRole('radio', { name: 'Hoog' }).check();
  await expect(prompt).toBeVisible();
});

test('a half-written ticket is not lost without asking: sidebar link, Back and closing the tab, in Dutch', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await nav.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
  // In the app from here on: Back stays in the page, where the router asks.
  await page.getByRole('link', { name: 'Nieuw ticket' }).first().click();
  const subject = page.getByRole('textbox', { name: 'Onderwerp' });
  await expect(subject).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Deze pagina verlaten?' });

  // Nothing typed: nothing to ask.
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(subject).toBeVisible();

  await subject.fill('Printer op de tweede verdieping');
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Wat u hier hebt ingevuld, is nog niet opgeslagen.');
  await dialog.getByRole('button', { name: 'Op deze pagina blijven' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/support\/new-ticket/);
  await expect(subject).toHaveValue('Printer op de tweede verdieping');

  // The browser's Back asks the same.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Op deze pagina blijven' }).click();
  await expect(page).toHaveURL(/\/support\/new-ticket/);
  await expect(subject).toHaveValue('Printer op de tweede verdieping');

  // Closing the tab (or reloading) asks the browser's own question; staying keeps the input.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await expect(subject).toHaveValue('Printer op de tweede verdieping');

  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await dialog.getByRole('button', { name: 'Verlaten zonder opslaan' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an address change request (add) becomes an administrative ticket that says "toevoegen"', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto('/support/new-ticket');
  await page.getByRole('tab', { name: 'Adres wijzigen of toevoegen' }).click();
  const form = page.getByRole('form', { name: 'Adres wijzigen of toevoegen' });
  await form.getByRole('radio', { name: 'Een adres toevoegen' }).check();
  await form.getByRole('combobox', { name: 'Soort adres' }).click();
  await page.getByRole('option', { name: 'Afleveradres', exact: true }).click();
  const street = unique('Ovenweg');
  await form.getByRole('textbox', { name: 'Straat' }).fill(street);
  await form.getByRole('textbox', { name: 'Huisnummer' }).fill('12a');
  await form.getByRole('textbox', { name: 'Postcode' }).fill('3511 AB');
  await form.getByRole('textbox', { name: 'Plaats' }).fill('Utrecht');
  await form.getByRole('button', { name: 'Verzoek versturen' }).click();

  await expect(page).toHaveURL(ticketUrl);
  const ticketId = Number(ticketUrl.exec(page.url())?.[1]);
  // The subject comes from the server, in the customer's language: "Nieuw afleveradres".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Nieuw /);
  await expect(page.getByText('Administratieve vraag').first()).toBeVisible();
  const thread = page.getByTestId('ticket-thread');
  await expect(thread).toContainText('toevoegen');
  await expect(thread).not.toContainText('wijzigen in');
  await expect(thread).toContainText(street);

  const ticket = await callApi<{ category: string; department: string; messages: { body: string }[] }>(
    page,
    'GET',
    `/api/v2/customer/${CUSTOMERS.goudenKorst.id}/tickets/${ticketId}`,
  );
  expect(ticket.category).toBe('administrative_request');
  expect(ticket.department).toBe('administration');
  expect(ticket.messages[0]?.body).toContain('toevoegen');
});

const WIDTHS = [
  { name: '390', viewport: { width: 390, height: 844 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;
const MODES: ColourMode[] = ['light', 'dark'];
/** As screens.spec.ts: axe in both modes at 1440 px and in light mode at 390 px. */
const runAxe = (mode: ColourMode, width: string) => width === '1440' || mode === 'light';

interface TicketSummary {
  ticket_id: number;
  subject: string;
  message_count: number;
  attachment_count: number;
}

for (const mode of MODES) {
  test(`axe and screenshots of the support screens and the open bell, ${mode} mode`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'viewer', { language: 'nl' });

    // The bell needs something to show: a ticket of the viewer that the owner answers and closes,
    // so there is one read and one unread notification.
    const customer = CUSTOMERS.goudenKorst.id;
    const own = await callApi<TicketSummary>(page, 'POST', `/api/v2/customer/${customer}/tickets`, {
      category: 'technical_request',
      subject: unique('VPN-verbinding valt steeds weg'),
      description: 'Sinds de update van gisteren valt de VPN elke tien minuten weg.',
      priority: 2,
    });
    const owner = await secondUser(browser, 'owner');
    await callApi(owner.page, 'POST', `/api/v2/customer/${customer}/tickets/${own.ticket_id}/messages`, {
      body: 'Bij mij ook. Ik heb het doorgezet naar de servicedesk.',
    });
    await callApi(owner.page, 'PATCH', `/api/v2/customer/${customer}/tickets/${own.ticket_id}`, {
      status: 'closed',
    });
    await owner.context.close();
    const [latest] = await callApi<{ notification_id: number }[]>(
      page,
      'GET',
      '/api/v2/me/notifications?limit=1',
    );
    await callApi(page, 'PATCH', `/api/v2/me/notifications/${latest?.notification_id}`, { read: false });
    const [, older] = await callApi<{ notification_id: number }[]>(
      page,
      'GET',
      '/api/v2/me/notifications?limit=2',
    );
    await callApi(page, 'PATCH', `/api/v2/me/notifications/${older?.notification_id}`, { read: true });

    // The detail screen shows a demo ticket with a thread and files.
    const list = await callApi<TicketSummary[]>(
      page,
      'GET',
      `/api/v2/customer/${customer}/tickets?limit=100`,
    );
    const rich = list.find((ticket) => ticket.attachment_count > 0 && ticket.message_count >= 3);
    expect(rich, 'a demo ticket with a thread and attachments').toBeDefined();

    const h1 = (text: string) => expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
    const screens: { name: string; path: string; ready: () => Promise<void> }[] = [
      {
        name: 'support',
        path: '/support',
        async ready() {
          await h1('Support');
          await expect(page.getByTestId('tickets-loading')).toHaveCount(0);
          await expect(page.getByRole('link', { name: 'Nieuw ticket' }).first()).toBeVisible();
        },
      },
      {
        name: 'new-ticket',
        path: '/support/new-ticket',
        async ready() {
          await h1('Nieuw ticket');
          await expect(page.getByRole('textbox', { name: 'Onderwerp' })).toBeVisible();
        },
      },
      {
        name: 'ticket-detail',
        path: `/support/ticket/${rich?.ticket_id}`,
        async ready() {
          await h1(rich?.subject ?? '');
          await expect(page.getByTestId('ticket-message').first()).toBeVisible();
          await expect(page.getByRole('textbox', { name: 'Uw bericht' })).toBeVisible();
        },
      },
    ];

    for (const width of WIDTHS) {
      await page.setViewportSize(width.viewport);
      for (const screen of screens) {
        await test.step(`${screen.name} at ${width.name} px`, async () => {
          await page.goto(screen.path);
          await screen.ready();
          await settle(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
          if (runAxe(mode, width.name)) {
            await expectNoAxeViolations(page, `${screen.name}, ${mode}, ${width.name} px`);
          }
          await saveScreenshot(page, `${screen.name}-${width.name}-${mode}`);
        });
      }
      await test.step(`the open bell at ${width.name} px`, async () => {
        await page.goto('/support');
        await h1('Support');
        await settle(page);
        await bell(page).click();
        const dialog = bellDialog(page);
        await expect(dialog.getByTestId('notification').nth(1)).toBeVisible();
        await expect(dialog.locator('[data-testid="notification"][data-unread]')).not.toHaveCount(0);
        // On a phone the panel fits the screen.
        const box = await dialog.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width.viewport.width).toBe(true);
        if (runAxe(mode, width.name)) {
          await expectNoAxeViolations(page, `the open bell, ${mode}, ${width.name} px`);
        }
        // The viewport, not the full page: the popover is what this picture is about.
        await saveScreenshot(page, `notifications-${width.name}-${mode}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(bell(page)).toBeFocused();
      });
    }
  });
}

test('the details panel of a ticket wraps between words at 1024, 1280 and 1440 px, in both languages', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'nl' });
  const customer = CUSTOMERS.goudenKorst.id;
  const list = await callApi<(TicketSummary & { category: string })[]>(
    page,
    'GET',
    `/api/v2/customer/${customer}/tickets?limit=100`,
  );
  const administrative = list.find((ticket) => ticket.category === 'administrative_request');
  expect(administrative, 'a demo ticket with an administrative request').toBeDefined();
  const panel = page.getByRole('region', { name: /^(Details|Gegevens)$/ });
  for (const language of ['nl', 'en'] as const) {
    if (language === 'en') await setLanguage(page, 'en');
    for (const width of [1024, 1280, 1440]) {
      await test.step(`${language} at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/support/ticket/${administrative?.ticket_id}`);
        await expect(panel).toContainText(
          language === 'nl' ? 'Administratieve vraag' : 'Administrative request',
        );
        // Every word of every label and value lies on one line: a word broken in two has two boxes.
        const broken = await panel.locator('dt, dd').evaluateAll((elements) =>
          elements.flatMap((element) => {
            const words: string[] = [];
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const match of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
                if (lines.size > 1) words.push(match[0]);
              }
            }
            return words;
          }),
        );
        expect(broken, 'words split over two lines').toEqual([]);
        await saveScreenshot(page, `ticket-detail-panel-${width}-${language}`);
      });
    }
  }
});

test('touch targets of the support screens, and the new-ticket form at a readable width', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  const sizes = [
    { width: 390, height: 844, minHeight: 44 },
    { width: 1440, height: 900, minHeight: 24 },
  ];
  for (const size of sizes) {
    await test.step(`${size.width} px`, async () => {
      await page.setViewportSize(size);
      await page.goto('/support/new-ticket');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('New ticket');
      const back = page.getByRole('link', { name: 'Back to support' });
      const box = await back.boundingBox();
      expect(box?.height, 'height of "Back to support"').toBeGreaterThanOrEqual(size.minHeight);
      expect(box?.width).toBeGreaterThanOrEqual(24);
      // The radios themselves are 24 px; on phones each choice is a 44 px tall row.
      const priorities = page.getByRole('radiogroup', { name: 'Priority' });
      for (const name of ['High', 'Normal', 'Low']) {
        const radio = priorities.getByRole('radio', { name });
        const input = await radio.boundingBox();
        expect(input?.width, `${name} radio`).toBeGreaterThanOrEqual(24);
        expect(input?.height, `${name} radio`).toBeGreaterThanOrEqual(24);
        const row = await priorities
          .locator('.mantine-Radio-root')
          .filter({ has: page.getByRole('radio', { name }) })
          .boundingBox();
        expect(row?.height, `${name} choice`).toBeGreaterThanOrEqual(size.minHeight);
      }
      await page.getByRole('radio', { name: 'Low' }).click();
      await expect(page.getByRole('radio', { name: 'Low' })).toBeChecked();

      await page.goto('/support/ticket/10014');
      const all = page.getByRole('link', { name: 'All tickets' });
      await expect(all).toBeVisible();
      // Asked again until it holds: the link of the loading state is replaced by the loaded page's.
      await expect
        .poll(async () => (await all.boundingBox())?.height ?? 0, { message: 'height of "All tickets"' })
        .toBeGreaterThanOrEqual(size.minHeight);
    });
  }
  await test.step('1920 px: the form keeps a readable width', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/support/new-ticket');
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await expect(subject).toBeVisible();
    expect((await subject.boundingBox())?.width).toBeLessThanOrEqual(720);
    await saveScreenshot(page, 'new-ticket-1920-light');
  });
});

test('the ticket list on a phone: search visible, the other filters behind a "Filters" button, in English and Dutch', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner', { language: 'en' });
  const texts = {
    en: {
      search: 'Search',
      toggle: 'Filters',
      active: 'Filters, 2 active',
      list: 'Awaiting your reply',
      status: 'Status',
    },
    nl: {
      search: 'Zoeken',
      toggle: 'Filters',
      active: 'Filters, 2 actief',
      list: 'Wacht op uw reactie',
      status: 'Status',
    },
  } as const;
  for (const language of ['en', 'nl'] as const) {
    await setLanguage(page, language);
    const text = texts[language];
    for (const mode of MODES) {
      await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
      await test.step(`${language}, ${mode}, 390 px`, async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/support');
        await expect(page.getByTestId('tickets-list').getByTestId('ticket-cards')).toBeVisible();
        await settle(page);
        const search = page.getByRole('searchbox', { name: text.search, exact: true });
        await expect(search).toBeInViewport();
        const toggle = page.getByRole('button', { name: text.toggle, exact: true });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByRole('combobox', { name: text.status })).toBeHidden();
        // The list starts on the first screen now: with what awaits the owner's reply first.
        await expect(page.getByRole('heading', { name: text.list, level: 2 })).toBeInViewport();
        if (mode === 'light')
          await expectNoAxeViolations(page, `support filters folded, ${language}, 390 px`);
        // The viewport: what fits on the first screen, which is what the filters were taking up.
        await saveScreenshot(page, `support-filters-390-${mode}-${language}`, { fullPage: false });

        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
        await expect(panel).toBeVisible();
        await expect(page.getByRole('combobox', { name: text.status })).toBeVisible();
        await page.goto('/support?status=new,open');
        const counted = page.getByRole('button', { name: text.active });
        await expect(counted).toBeVisible();
        await expect(counted).toContainText('2');
        await counted.click();
        // Another page load: React's ids (useId) need not be the same as in the first.
        await expect(page.locator(`[id="${await counted.getAttribute('aria-controls')}"]`)).toBeVisible();
        if (mode === 'light')
          await expectNoAxeViolations(page, `support filters unfolded, ${language}, 390 px`);
        await saveScreenshot(page, `support-filters-open-390-${mode}-${language}`, { fullPage: false });
      });
      await test.step(`${language}, ${mode}, 1440 px`, async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto('/support?status=new,open');
        await expect(
          page
            .getByTestId('tickets-list')
            .getByTestId('ticket-table')
            .or(page.getByTestId('tickets-list').getByTestId('tickets-empty')),
        ).toBeVisible();
        await settle(page);
        await expect(page.getByTestId('filters-toggle')).toHaveCount(0);
        await expect(page.getByRole('combobox', { name: text.status })).toBeVisible();
        await saveScreenshot(page, `support-filters-1440-${mode}-${language}`, { fullPage: false });
      });
    }
  }
  await setLanguage(page, 'en');
});
