import { expect, test } from '@playwright/test';
import { accessToken, CUSTOMERS, signIn } from './support.ts';

/*
 * Issue 3 item 9: the PO number on /company is editable with company-edit (owner), and refused
 * without it: no edit control in the app, and 403 from the API however the request is made.
 */

const ORIGINAL_PO = 'PO-2026-0187';
const NEW_PO = 'PO-E2E-4711';
const customerUrl = `/api/v2/customer/${CUSTOMERS.goudenKorst.id}`;

test('the owner edits the PO number: cancel keeps it; saved, a toast, and a reload shows it', async ({
  page,
}) => {
  await signIn(page, 'owner', { language: 'en' });
  const authorization = `Bearer ${await accessToken(page)}`;
  try {
    await page.goto('/company');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMERS.goudenKorst.name);
    const shown = page.getByTestId('po-number');
    await expect(shown).toHaveText(ORIGINAL_PO);

    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(customerUrl)) puts += 1;
    });
    const edit = page.getByRole('button', { name: 'Edit PO number' });
    const input = page.getByRole('textbox', { name: 'PO number' });

    // Cancel leaves it unchanged and sends nothing.
    await edit.click();
    await input.fill('SHOULD-NOT-SAVE');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(input).toHaveCount(0);
    await expect(shown).toHaveText(ORIGINAL_PO);

    await edit.click();
    await expect(input).toHaveValue(ORIGINAL_PO);
    await expect(input).toBeFocused();

    // Too long: refused in the form with the message of SPEC.md §5, nothing sent.
    await input.fill('X'.repeat(65));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enter at most 64 characters.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toBe(0);

    await input.fill(NEW_PO);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(customerUrl) && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({ usage_po_number: NEW_PO });
    expect(puts).toBe(1);

    await expect(page.getByRole('alert').filter({ hasText: 'PO number saved' })).toBeVisible();
    await expect(shown).toHaveText(NEW_PO);
    await expect(input).toHaveCount(0);
    // Focus goes back to the edit button, so keyboard users keep their place.
    await expect(edit).toBeFocused();

    await page.reload();
    await expect(page.getByTestId('po-number')).toHaveText(NEW_PO);
    const stored = await page.request.get(customerUrl, { headers: { authorization } });
    expect(((await stored.json()) as { usage_po_number: string }).usage_po_number).toBe(NEW_PO);
  } finally {
    // Leave the seed as it was, so the suite can be run again against the same server.
    const restore = await page.request.put(customerUrl, {
      headers: { authorization },
      data: { usage_po_number: ORIGINAL_PO },
    });
    expect(restore.status()).toBe(200);
  }
});

test('without company-edit: no edit control, and a direct PUT with the user’s token answers 403', async ({
  page,
}) => {
  await signIn(page, 'financial-viewer', { language: 'en' });
  await page.goto('/company');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CUSTOMERS.goudenKorst.name);
  await expect(page.getByTestId('po-number')).toHaveText(ORIGINAL_PO);
  await expect(page.getByRole('button', { name: 'Edit PO number' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'PO number' })).toHaveCount(0);

  const authorization = `Bearer ${await accessToken(page)}`;
  const refused = await page.request.put(customerUrl, {
    headers: { authorization },
    data: { usage_po_number: 'PO-NOT-ALLOWED' },
  });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  expect(((await refused.json()) as { code: string }).code).toBe('FORBIDDEN');

  const unchanged = await page.request.get(customerUrl, { headers: { authorization } });
  expect(unchanged.status()).toBe(200);
  expect(((await unchanged.json()) as { usage_po_number: string }).usage_po_number).toBe(ORIGINAL_PO);
});
