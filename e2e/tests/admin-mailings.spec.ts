import { expect, type Page, test } from '@playwright/test';
import {
  type ColourMode,
  callApi,
  chooseColourMode,
  expectForbiddenPage,
  expectNoAxeViolations,
  saveScreenshot,
  setLanguage,
  settle,
  signIn,
} from './support.ts';

/*
 * Mass mailings (SPEC.md §2 "Mass-mailing wizard in 3 steps … Also an overview of sent mailings",
 * decision 0026), in Dutch: the staff moderator picks two customers by name and number with the
 * keyboard, is stopped by SPEC.md §5's rules, writes the mailing in both languages, checks and sends
 * it, sees every mail delivered, and opens it from the overview; the staff viewer reads the overview
 * and a mailing with a failed mail, without the wizard; an id that is no mailing's is the not-found
 * page; a customer's owner gets the forbidden page; a draft left behind (the wizard closed before
 * sending) is shown as a draft and sent from its detail screen. Axe and screenshots in both colour
 * modes and languages, on a phone and a wide screen.
 */

const stamp = Date.now().toString(36);
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const stepHeading = (page: Page) => page.locator('#mailing-step-title');

interface Summary {
  mailing_id: number;
  label: string;
  status: string;
  total: number;
  delivered: number;
  waiting: number;
  failed: number;
}

/** The demo's October mailing (mailings.seed.ts): every active customer, one address failed. */
const OCTOBER = 'New portal features October';
const demoMailingId = async (page: Page, label: string) => {
  const list = await callApi<Summary[]>(page, 'GET', '/api/admin/v2/mailings?limit=100');
  const found = list.find((mailing) => mailing.label === label);
  if (!found) throw new Error(`no mailing ${label}`);
  return found.mailing_id;
};

/**
 * A draft as the wizard leaves one behind when it is closed before sending (POST …/mailings writes the
 * draft, nothing is sent): the contacts of Van Dijk & Partners (1003) who chose mailings.
 */
const writeDraft = (page: Page, label: string) =>
  callApi<Summary>(page, 'POST', '/api/admin/v2/mailings', {
    label,
    sender: 'Portaal service desk',
    subject: { en: 'Planned maintenance in December', nl: 'Gepland onderhoud in december' },
    body: {
      en: 'In December we move the backups to a new storage cluster. Nothing changes for you.',
      nl: 'In december verhuizen we de back-ups naar een nieuw opslagcluster. Voor u verandert er niets.',
    },
    query: { customer_statuses: [], languages: [], products: [], customer_ids: [1003], roles: [] },
  });

/** Picks a customer in the wizard's search box: typed, the first match highlighted, Enter. */
async function pickCustomer(page: Page, typed: string, option: string, language: 'nl' | 'en' = 'nl') {
  const box = page.getByRole('combobox', {
    name: language === 'nl' ? /^Alleen deze klanten/ : /^Only these customers/,
  });
  await box.fill(typed);
  await expect(page.getByRole('option', { name: option })).toHaveAttribute('data-combobox-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test('the staff moderator in Dutch: mailing list, content with its rules, check, send, overview', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'staff-moderator', { language: 'nl' });
  await page.goto('/admin/mailings');
  await expect(h1(page)).toHaveText('Mailings');
  await page.getByRole('link', { name: 'Nieuwe mailing' }).click();
  await expect(page).toHaveURL(/\/admin\/mailings\/new$/);
  await expect(h1(page)).toHaveText('Nieuwe mailing');
  await expect(page).toHaveTitle(/Nieuwe mailing/);

  await test.step('step 1: two customers by name and number, by keyboard; the count follows', async () => {
    // Every active customer's contacts who chose mailings (contacts.seed.ts): ten addresses.
    await expect(page.getByTestId('recipient-count')).toHaveText('10 ontvangers');
    await pickCustomer(page, 'gouden', 'Bakkerij De Gouden Korst B.V. (1001)');
    await pickCustomer(page, '1002', 'Northwind Logistics Ltd (1002)');
    const chosen = page.getByRole('list', { name: '2 klanten gekozen' });
    await expect(chosen).toContainText('Bakkerij De Gouden Korst B.V.');
    await expect(chosen).toContainText('Northwind Logistics Ltd');
    await expect(page.getByTestId('recipient-count')).toHaveText('6 ontvangers');
    const recipients = page.getByTestId('recipient-preview');
    await expect(recipients).toContainText('sanne.devries@goudenkorst.example');
    await expect(recipients).toContainText('oliver.hughes@northwind.example');
    // Only the owners: one at each.
    await page.getByRole('checkbox', { name: 'Eigenaar' }).check();
    await expect(page.getByTestId('recipient-count')).toHaveText('2 ontvangers');
    await page.getByRole('checkbox', { name: 'Eigenaar' }).uncheck();
    await expect(page.getByTestId('recipient-count')).toHaveText('6 ontvangers');
    // A customer is removed with its own button, by keyboard too.
    await pickCustomer(page, 'van dijk', 'Van Dijk & Partners Advocaten (1003)');
    await expect(page.getByTestId('recipient-count')).toHaveText('8 ontvangers');
    await page.getByRole('button', { name: 'Van Dijk & Partners Advocaten verwijderen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: '2 klanten gekozen' })).not.toContainText('Van Dijk');
    await expect(page.getByTestId('recipient-count')).toHaveText('6 ontvangers');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
  });

  await test.step('step 2: the rules of SPEC.md §5, then the content in both languages', async () => {
    await expect(stepHeading(page)).toHaveText('Stap 2 van 3: Inhoud van de mail');
    await page.getByRole('textbox', { name: /^Engels onderwerp/ }).fill('Te kort');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
    await expect(page.getByText('Het onderwerp moet minstens 10 tekens hebben.')).toBeVisible();
    await expect(page.getByText('Een Nederlands onderwerp is verplicht.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Label/ })).toBeFocused();
    await page.getByRole('textbox', { name: /^Label/ }).fill(`Onderhoud e2e ${stamp}`);
    await page.getByRole('textbox', { name: /^Engels onderwerp/ }).fill('Planned maintenance on 30 November');
    await page
      .getByRole('textbox', { name: /^Engelse tekst/ })
      .fill('On 30 November we update the storage cluster. No downtime is expected.');
    await page
      .getByRole('textbox', { name: /^Nederlands onderwerp/ })
      .fill('Gepland onderhoud op 30 november');
    await page
      .getByRole('textbox', { name: /^Nederlandse tekst/ })
      .fill('Op 30 november werken we het opslagcluster bij. Er wordt geen onderbreking verwacht.');
    await page.getByRole('button', { name: 'Volgende stap' }).click();
  });

  await test.step('step 3: the check, per language, then send with confirmation', async () => {
    await expect(stepHeading(page)).toHaveText('Stap 3 van 3: Mailing controleren');
    await expect(page.getByTestId('check-recipient-count')).toHaveText('6');
    await expect(page.getByTestId('mailing-query')).toContainText(
      'Bakkerij De Gouden Korst B.V. (1001) of Northwind Logistics Ltd (1002)',
    );
    await expect(page.getByTestId('preview-en')).toContainText('storage cluster');
    await page.getByRole('tab', { name: 'Nederlands' }).click();
    await expect(page.getByTestId('preview-nl')).toContainText('opslagcluster');
    await page.getByRole('button', { name: 'Mailing versturen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deze mailing versturen?' });
    await expect(dialog).toContainText('6 ontvangers');
    await dialog.getByRole('button', { name: 'Versturen naar 6 ontvangers' }).click();
    await expect(page.getByRole('heading', { name: 'De mailing is onderweg' })).toBeVisible();
    // Delivered means the mail job delivered it (here: to the embedded outbox), not only queued.
    await expect(page.getByTestId('mailing-progress')).toHaveText('6 van 6 bezorgd', { timeout: 30_000 });
    await expect(page.getByTestId('mailing-status')).toHaveText('Verstuurd');
  });

  await test.step('the overview lists it as sent, and its label opens it', async () => {
    await page.getByRole('link', { name: 'Naar alle mailings' }).click();
    await expect(page).toHaveURL(/\/admin\/mailings$/);
    const row = page.getByRole('row').filter({ hasText: `Onderhoud e2e ${stamp}` });
    await expect(row).toContainText('Gepland onderhoud op 30 november');
    await expect(row).toContainText('Verstuurd');
    await expect(row).toContainText('6 van 6 bezorgd');
    const list = await callApi<Summary[]>(page, 'GET', '/api/admin/v2/mailings?limit=5');
    const sent = list.find((mailing) => mailing.label === `Onderhoud e2e ${stamp}`);
    expect(sent).toMatchObject({ status: 'sent', total: 6, delivered: 6, waiting: 0, failed: 0 });

    const link = row.getByRole('link', { name: `Onderhoud e2e ${stamp}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/mailings/${sent?.mailing_id}$`));
    await expect(h1(page)).toHaveText(`Onderhoud e2e ${stamp}`);
    await expect(page).toHaveTitle(`Mailing ${sent?.mailing_id} · Mailings · Portaal`);
    await expect(page.getByTestId('mailing-status')).toHaveText('Verstuurd');
    await expect(page.getByTestId('mailing-count-delivered')).toHaveText('6');
    await expect(page.getByTestId('mailing-count-waiting')).toHaveText('0');
    const query = page.getByTestId('mailing-query');
    await expect(query).toContainText(
      'Bakkerij De Gouden Korst B.V. (1001) of Northwind Logistics Ltd (1002)',
    );
    await expect(query).toContainText('Iedere contactpersoon');
    await expect(page.getByTestId('preview-en')).toContainText('storage cluster');
    await page.getByRole('tab', { name: 'Nederlands' }).click();
    await expect(page.getByTestId('preview-nl')).toContainText('opslagcluster');
  });
});

test('the staff moderator sends a draft left behind from its detail screen, after confirming', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'staff-moderator', { language: 'en' });
  const label = `Draft e2e ${stamp}`;
  const draft = await writeDraft(page, label);
  expect(draft).toMatchObject({ status: 'draft', total: 0 });

  await test.step('the overview shows it as a draft', async () => {
    await page.goto('/admin/mailings');
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row.getByTestId('mailing-status')).toHaveText('Draft');
    await expect(row).toContainText('Not sent yet');
    await expect(row.getByRole('progressbar')).toHaveCount(0);
    await row.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/mailings/${draft.mailing_id}$`));
    await expect(h1(page)).toHaveText(label);
  });

  await test.step('"Send mailing" with the count of now, behind a confirmation it can leave by keyboard', async () => {
    await expect(page.getByTestId('mailing-status')).toHaveText('Draft');
    // Van Dijk & Partners' two contacts who chose mailings (contacts.seed.ts).
    await expect(page.getByTestId('draft-recipient-count')).toHaveText('Sent now, it goes to 2 recipients.');
    const send = page.getByRole('button', { name: 'Send mailing' });
    await send.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Send this mailing?' });
    await expect(dialog).toContainText('The mailing goes to 2 recipients now.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(send).toBeFocused();
    expect(await callApi<Summary>(page, 'GET', `/api/admin/v2/mailings/${draft.mailing_id}`)).toMatchObject({
      status: 'draft',
    });

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Send to 2 recipients' }).click();
    await expect(dialog).toBeHidden();
    await expect(send).toHaveCount(0);
    // Delivered through the real pg-boss jobs into the embedded outbox; the screen follows by itself.
    await expect(page.getByTestId('mailing-progress')).toHaveText('2 of 2 delivered', { timeout: 30_000 });
    await expect(page.getByTestId('mailing-status')).toHaveText('Sent');
    await expect(page.getByTestId('mailing-count-delivered')).toHaveText('2');
  });

  await test.step('sent once: a second send is refused, and the overview has it as sent', async () => {
    await callApi(page, 'POST', `/api/admin/v2/mailings/${draft.mailing_id}/send`, undefined, 409);
    await page.getByRole('link', { name: 'All mailings' }).click();
    const row = page.getByRole('row').filter({ hasText: label });
    await expect(row.getByTestId('mailing-status')).toHaveText('Sent');
    await expect(row).toContainText('2 of 2 delivered');
  });
});

test('the staff viewer reads the overview and a mailing with a failed mail, without the wizard', async ({
  page,
}) => {
  await signIn(page, 'staff-viewer', { language: 'en' });
  await page.goto('/admin/mailings');
  await expect(h1(page)).toHaveText('Mailings');
  await expect(page.getByTestId('mailings-table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New mailing' })).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: OCTOBER });
  await expect(row).toContainText('9 of 10 delivered');
  await expect(row).toContainText('1 failed');
  await row.getByRole('link', { name: OCTOBER }).click();
  await expect(h1(page)).toHaveText(OCTOBER);
  await expect(page.getByTestId('mailing-status')).toHaveText('Sent');
  await expect(page.getByTestId('mailing-count-delivered')).toHaveText('9');
  await expect(page.getByTestId('mailing-count-failed')).toHaveText('1');
  await expect(page.getByRole('progressbar', { name: '1 of 10 failed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Team Portaal');
  await expect(page.getByTestId('mailing-query')).toContainText('Customer statusActive');
  await expect(page.getByTestId('mailing-query')).toContainText('CustomersAll customers');
  await page.goto('/admin/mailings/new');
  await expectForbiddenPage(page, 'en');
});

test("a mailing id that is none, or no mailing's, is the page-not-found error", async ({ page }) => {
  await signIn(page, 'staff-viewer', { language: 'en' });
  for (const id of ['abc', '0', '2147483648', '999999']) {
    await page.goto(`/admin/mailings/${id}`);
    await expect(page.getByTestId('error-text')).toHaveText(`Page not found: /admin/mailings/${id}`);
    await expect(page).toHaveTitle('Page not found · Portaal');
  }
});

test("a customer's owner gets the forbidden page", async ({ page }) => {
  await signIn(page, 'owner', { language: 'nl' });
  await page.goto('/admin/mailings');
  await expectForbiddenPage(page, 'nl');
});

const MODES: ColourMode[] = ['light', 'dark'];
const WIDTHS = [
  { name: '360', viewport: { width: 360, height: 780 } },
  { name: '1440', viewport: { width: 1440, height: 900 } },
] as const;

for (const mode of MODES) {
  test(`axe and screenshots of the mailing screens, ${mode} mode`, async ({ page }) => {
    // Six screens at two widths in two languages: minutes on a busy machine.
    test.setTimeout(480_000);
    await page.emulateMedia({ colorScheme: mode, reducedMotion: 'reduce' });
    await signIn(page, 'staff-moderator', { language: 'nl' });
    await chooseColourMode(page, mode);
    const october = await demoMailingId(page, OCTOBER);
    // A draft stays one here (never sent): its detail screen with the send action and its dialog.
    const draft = await writeDraft(page, `Axe draft ${mode} ${stamp}`);
    for (const language of ['nl', 'en'] as const) {
      await setLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        const label = `${language}-${width.name}-${mode}`;
        await page.goto('/admin/mailings');
        await expect(page.getByTestId(/^mailings-(table|cards|empty)$/)).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailings overview, ${label}`);
        await saveScreenshot(page, `admin-mailings-${label}`);

        await page.goto(`/admin/mailings/${october}`);
        await expect(page.getByTestId('mailing-count-failed')).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailing detail, ${label}`);
        await saveScreenshot(page, `admin-mailing-detail-${label}`);

        await page.goto(`/admin/mailings/${draft.mailing_id}`);
        await expect(page.getByTestId('draft-recipient-count')).toHaveText(/ 2 /);
        await settle(page);
        await expectNoAxeViolations(page, `draft mailing detail, ${label}`);
        await saveScreenshot(page, `admin-mailing-draft-${label}`);
        await page
          .getByRole('button', { name: language === 'nl' ? 'Mailing versturen' : 'Send mailing' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        // The dialog fades in: axe mid-fade reads the blended colours of its buttons.
        await page.waitForFunction(() =>
          (document.querySelector('[role="dialog"]')?.getAnimations({ subtree: true }) ?? []).every(
            (animation) => animation.playState !== 'running',
          ),
        );
        await expectNoAxeViolations(page, `draft mailing send dialog, ${label}`);
        await saveScreenshot(page, `admin-mailing-draft-confirm-${label}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        await page.goto('/admin/mailings/new');
        await expect(page.getByTestId('recipient-count')).toBeVisible();
        // With a chosen customer, and the search open on the next one.
        await pickCustomer(page, 'gouden', 'Bakkerij De Gouden Korst B.V. (1001)', language);
        await page
          .getByRole('combobox', {
            name: language === 'nl' ? /^Alleen deze klanten/ : /^Only these customers/,
          })
          .fill('north');
        await expect(page.getByRole('option', { name: 'Northwind Logistics Ltd (1002)' })).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailing list step, ${label}`);
        await saveScreenshot(page, `admin-mailings-new-${label}`);
        // The content step with its errors on show.
        await page.getByRole('button', { name: language === 'nl' ? 'Volgende stap' : 'Next step' }).click();
        await page.getByRole('button', { name: language === 'nl' ? 'Volgende stap' : 'Next step' }).click();
        await expect(
          page.getByRole('alert').or(page.locator('.mantine-InputWrapper-error')).first(),
        ).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page, `mailing content step, ${label}`);
        await saveScreenshot(page, `admin-mailings-content-${label}`);
      }
    }
  });
}
