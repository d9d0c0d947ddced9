import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  accessToken,
  type ColourMode,
  callApi,
  chooseColourMode,
  expectNoAxeViolations,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * Chat channels (issue 14): the owner of Bakkerij De Gouden Korst adds a Slack-compatible channel
 * pointing at a local receiver started by this test (the e2e product runs with
 * CHAT_WEBHOOK_TARGETS=loopback, see e2e/server.ts), is refused a private address, sends a test
 * message, and a reply by the service desk on the owner's ticket arrives in the receiver (the
 * owner chose chat for tickets in the demo data). In Dutch; axe in both colour modes.
 */

interface Post {
  path: string;
  body: { text?: string };
}

async function startReceiver() {
  const posts: Post[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      posts.push({ path: request.url ?? '', body: JSON.parse(text || '{}') as Post['body'] });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T0E2E/B0E2E/e2esecret`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the owner adds a chat channel, tests it, and a service desk reply arrives in it', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, 'owner', { language: 'nl' });
    await page.goto('/company/1001');
    const section = page.getByRole('region', { name: 'Chatkanalen' });
    await expect(section.getByText('Nog geen chatkanalen.')).toBeVisible();

    // A private address is refused on its field.
    await section.getByLabel('Naam').fill('#storingen');
    await section.getByRole('textbox', { name: 'Webhookadres' }).fill('http://10.0.0.1/hook');
    await section.getByRole('button', { name: 'Kanaal toevoegen' }).click();
    await expect(
      section.getByText(/Dit adres leidt naar een privé-, lokaal of link-local netwerk/),
    ).toBeVisible();

    await section.getByRole('textbox', { name: 'Webhookadres' }).fill(receiver.url);
    await section.getByRole('button', { name: 'Kanaal toevoegen' }).click();
    const item = section.getByRole('listitem').filter({ hasText: '#storingen' });
    await expect(item).toBeVisible();
    // Only a hint of the secret address is shown.
    await expect(item).toContainText('/…/cret');
    await expect(section).not.toContainText('e2esecret');
    await expect(item).toContainText('Nog niets geplaatst');

    await item.getByRole('button', { name: 'Testbericht versturen' }).click();
    await expect(item.getByRole('status')).toHaveText('Het testbericht is afgeleverd (HTTP 200).');
    await expect(item).toContainText('Afgeleverd');
    expect(receiver.posts).toHaveLength(1);
    expect(receiver.posts[0]?.body.text).toContain('Testbericht van Portaal');

    for (const mode of ['light', 'dark'] as ColourMode[]) {
      await chooseColourMode(page, mode);
      await settle(page);
      await expectNoAxeViolations(page, `company with chat channels (${mode})`);
      await saveScreenshot(page, `chat-channels-${mode}`);
    }
    await chooseColourMode(page, 'light');

    // The owner files a ticket; the service desk answers it.
    const token = await accessToken(page);
    const filed = await page.request.post('/api/v2/customer/1001/tickets', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        category: 'technical_request',
        subject: 'Kassa in filiaal Noord start niet',
        description: 'Sinds vanochtend blijft het scherm zwart.',
        priority: '2',
      },
    });
    expect(filed.status()).toBe(201);
    const ticket = (await filed.json()) as { ticket_id: number };

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff-moderator');
    await callApi(staff, 'POST', `/api/v2/customer/1001/tickets/${ticket.ticket_id}/messages`, {
      body: 'Beste Sanne,\n\nEen monteur is onderweg naar filiaal Noord.',
    });
    await staffContext.close();

    await expect
      .poll(() => receiver.posts.map((post) => post.body.text ?? '').join('\n'), { timeout: 30_000 })
      .toContain(`Nieuw antwoord op ticket #${ticket.ticket_id}: Kassa in filiaal Noord start niet`);
    const reply = receiver.posts.at(-1)?.body.text ?? '';
    expect(reply).toContain('Een monteur is onderweg naar filiaal Noord.');
    expect(reply).toContain(`/support/ticket/${ticket.ticket_id}?customer=1001`);

    // Removing the channel asks first, and then nothing is listed.
    await page.reload();
    await item.getByRole('button', { name: 'Verwijderen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Chatkanaal verwijderen' });
    await expect(confirm).toContainText('“#storingen” verwijderen?');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(section.getByText('Nog geen chatkanalen.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('people without company-edit see no chat channels on the Company screen', async ({ page }) => {
  await signIn(page, 'financial-moderator', { language: 'nl' });
  await page.goto('/company/1001');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bakkerij De Gouden Korst B.V.');
  await expect(page.getByRole('region', { name: 'Chatkanalen' })).toHaveCount(0);
});
