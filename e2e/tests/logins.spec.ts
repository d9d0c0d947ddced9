import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  accessToken,
  type ColourMode,
  callApi,
  chooseColourMode,
  expectForbiddenPage,
  expectNoAxeViolations,
  loginForm,
  mainNavigation,
  saveScreenshot,
  settle,
  signIn,
} from './support.ts';

/*
 * Logins of contacts (issue 14, item 7): the owner of Bakkerij De Gouden Korst invites a colleague as
 * technical viewer; the colleague takes the set-password link from the mail (read from the outbox,
 * the dev mail sink, as staff), chooses a password on the IdP's page, signs in and sees only what a
 * technical viewer may; the owner removes the login and the colleague's open tab is refused on its
 * next call. The contact's login section and the set-password page pass axe in both colour modes.
 */

/** Long flows on a shared machine: every wait gets 30 s. */
const expect = baseExpect.configure({ timeout: 30_000 });
const SLOW = { timeout: 30_000 };

const CUSTOMER = 1001;
const EMAIL = 'joris.technisch@goudenkorst.example';
const PASSWORD = 'Zuurdesem-2026';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

interface OutboxMail {
  recipient: string;
  subject: string;
  text: string;
}

/** The set-password link of the newest mail to `recipient`, as staff read it in the outbox. */
async function invitationLink(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const staff = await context.newPage();
  try {
    await signIn(staff, 'staff-moderator', SLOW);
    let link: string | undefined;
    await expect(async () => {
      const mails = await callApi<OutboxMail[]>(staff, 'GET', '/api/admin/v2/outbox?limit=50');
      const mail = mails.find((candidate) => candidate.recipient === EMAIL);
      link = mail && /(http\S+action-token\S+)/.exec(mail.text)?.[1];
      expect(link, 'the invitation mail in the outbox').toBeTruthy();
    }).toPass({ timeout: 15_000 });
    return link as string;
  } finally {
    await context.close();
  }
}

async function axeInBothModes(page: Page, label: string) {
  for (const mode of ['light', 'dark'] as ColourMode[]) {
    await page.emulateMedia({ colorScheme: mode });
    await expectNoAxeViolations(page, `${label} (${mode})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the owner invites a technical viewer, who signs in with only that role; removed, their tab is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'owner', { language: 'en', ...SLOW });
  const contact = await callApi<{ contact_id: number }>(
    page,
    'POST',
    `/api/v2/customer/${CUSTOMER}/contacts`,
    {
      first_name: 'Joris',
      last_name: 'Technisch',
      email: EMAIL,
      phone: '020 555 0188',
      roles: ['technical_viewer'],
      language: 'en',
    },
  );
  const detail = `/company/${CUSTOMER}/contacts/${contact.contact_id}`;
  await page.goto(detail);
  await expect(h1(page)).toHaveText('Joris Technisch');
  const section = page.getByRole('region', { name: 'Login' });
  await expect(section).toContainText('Joris Technisch cannot sign in yet');
  for (const mode of ['light', 'dark'] as ColourMode[]) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `contact without login (${mode})`);
  }
  await chooseColourMode(page, 'light');

  await section.getByRole('button', { name: 'Invite to sign in' }).click();
  await expect(page.getByText(`Invitation sent to ${EMAIL}`)).toBeVisible();
  // Not signed in yet: the invitation is pending, not an active login, and can be sent again.
  await expect(section).toContainText('is invited to sign in with the role Technical viewer');
  await expect(page.getByText('Invited (not yet signed in)')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn login off' })).toBeVisible();
  await section.getByRole('button', { name: 'Send invitation again' }).click();
  await expect(page.getByText(`A new invitation was sent to ${EMAIL}`)).toBeVisible();
  await saveScreenshot(page, 'logins-contact-invited');
  for (const mode of ['light', 'dark'] as ColourMode[]) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `contact with login (${mode})`);
  }
  await chooseColourMode(page, 'light');

  // The colleague, in a browser of their own: the link, a password, the portal.
  const link = await invitationLink(browser);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await expect(h1(colleague)).toHaveText('Choose your password');
  await expect(colleague.getByText(`for the username ${EMAIL}`)).toBeVisible();
  await axeInBothModes(colleague, 'set-password page');
  await colleague.locator('#password-new').fill('short');
  await colleague.locator('#password-confirm').fill('short');
  await colleague.locator('#kc-submit').click();
  await expect(colleague.getByRole('alert')).toHaveText('Enter at least 8 characters.');
  await colleague.locator('#password-new').fill(PASSWORD);
  await colleague.locator('#password-confirm').fill(PASSWORD);
  await colleague.locator('#kc-submit').click();
  await expect(h1(colleague)).toHaveText('Your password is saved');
  await axeInBothModes(colleague, 'password saved page');
  await colleague.getByRole('link', { name: 'Sign in to Portaal' }).click();
  await expect(loginForm(colleague)).toBeVisible();
  await colleague.locator('#username').fill(EMAIL);
  await colleague.locator('#password').fill(PASSWORD);
  await colleague.locator('#kc-login').click();
  await expect(colleague.getByTestId('user-menu')).toBeVisible();

  // Only what a technical viewer may: servers yes, invoices and the administration no.
  const navigation = mainNavigation(colleague);
  await expect(navigation.getByRole('link', { name: 'Servers' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await colleague.goto('/administration/invoices');
  await expectForbiddenPage(colleague);
  await colleague.goto(`/company/${CUSTOMER}/contacts`);
  await expect(h1(colleague)).toHaveText('Contacts');
  await expect(colleague.getByRole('button', { name: 'New contact' })).toHaveCount(0);

  // Signed in: the owner's page shows an active login, with no invitation to send.
  await page.reload();
  await expect(section).toContainText('signs in with the role Technical viewer');
  await expect(section.getByRole('button', { name: 'Send invitation again' })).toHaveCount(0);

  // The owner removes the login, with a confirmation.
  await section.getByRole('button', { name: 'Remove login' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove login' });
  await expect(confirm).toContainText('Remove the login of Joris Technisch?');
  await confirm.getByRole('button', { name: 'Remove login' }).click();
  await expect(page.getByText('The login of Joris Technisch was removed')).toBeVisible();
  await expect(section).toContainText('cannot sign in yet');

  // The colleague's open tab: its next call is refused (their access token is still valid; the
  // membership is gone).
  const refused = colleague.waitForResponse(
    (response) =>
      response.url().includes(`/api/v2/customer/${CUSTOMER}/servers`) && response.status() === 403,
  );
  // Servers is a group in the sidebar: it opens, and its Overview entry leads to the server list.
  await navigation.getByRole('link', { name: 'Servers' }).click();
  await navigation.getByRole('link', { name: 'Overview' }).click();
  await refused;
  // The page's own error state names the refusal (a 403 of a page's data is shown in the page).
  await expect(colleague.getByRole('alert')).toContainText('You do not have the rights for this action.');
  await saveScreenshot(colleague, 'logins-removed-colleague-refused');
  await colleagueContext.close();

  // Put the seed back for the specs that count contacts.
  const removed = await page.request.delete(`/api/v2/customer/${CUSTOMER}/contacts/${contact.contact_id}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(removed.status()).toBe(204);
});

test('My profile: the user edits their name and numbers, finds the IdP’s account pages, and saves notification choices', async ({
  page,
}) => {
  await signIn(page, 'viewer', { language: 'en', ...SLOW });
  await page.goto('/user/profile');
  await expect(h1(page)).toHaveText('My profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  // The form takes the focus from the button that opened it, and Escape gives it back.
  await details.getByRole('button', { name: 'Edit details' }).click();
  await expect(details.getByLabel('First name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(details.getByRole('button', { name: 'Edit details' })).toBeFocused();
  await page.keyboard.press('Enter');
  await details.getByLabel('Phone', { exact: true }).fill('12');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Enter a valid phone number.')).toBeVisible();
  await details.getByLabel('Phone', { exact: true }).fill('020 555 0105');
  await details.getByLabel('Mobile').fill('06 12345605');
  for (const mode of ['light', 'dark'] as ColourMode[]) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `profile form (${mode})`);
  }
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved')).toBeVisible();
  await expect(details).toContainText('+31 20 555 0105');
  await expect(details).toContainText('+31 6 12345605');
  const account = page.getByRole('region', { name: 'Password, two-factor sign-in and sessions' });
  await expect(account.getByRole('link', { name: 'Change password' })).toHaveAttribute(
    'href',
    '/user/change-password',
  );
  // Notification choices, below Preferences: a choice saved, still there after a reload, put back.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const invoicesByChat = notifications.getByRole('checkbox', { name: 'Invoices by Chat' }).first();
  const saveChoices = notifications.getByRole('button', { name: /^Save notifications/ }).first();
  await expect(invoicesByChat).toBeVisible();
  await expect(saveChoices).toBeDisabled();
  const wasOn = await invoicesByChat.isChecked();
  await invoicesByChat.setChecked(!wasOn);
  await saveChoices.click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
  await page.reload();
  await expect(invoicesByChat).toBeChecked({ checked: !wasOn });
  await invoicesByChat.setChecked(wasOn);
  await saveChoices.click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
  await expect(saveChoices).toBeDisabled();
  for (const mode of ['light', 'dark'] as ColourMode[]) {
    await chooseColourMode(page, mode);
    await settle(page);
    await expectNoAxeViolations(page, `profile (${mode})`);
  }
  await chooseColourMode(page, 'light');
  await saveScreenshot(page, 'profile-details');
  // Back to the seed's numbers for later specs.
  const me = await callApi<{ given_name: string; family_name: string }>(page, 'GET', '/api/v2/me');
  const reset = await page.request.put('/api/v2/me/profile', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { given_name: me.given_name, family_name: me.family_name, phone: null, mobile: null },
  });
  expect(reset.status()).toBe(200);
});
