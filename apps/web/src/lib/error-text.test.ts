import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/dom.ts';
import { ApiError } from './api-client.ts';
import { apiErrorText, formFieldErrors } from './error-text.ts';

const problem = (status: number, code?: string, errors?: { field: string; message: string }[]) =>
  new ApiError(status, undefined, { status, ...(code ? { code } : {}), ...(errors ? { errors } : {}) });

describe('apiErrorText', () => {
  it('gives staff the general text meant for the provider', async () => {
    const { t } = await testI18n('en');
    expect(apiErrorText(new Error('boom'), t, false)).toBe(
      'Please try again. If the problem persists, contact your provider.',
    );
    expect(apiErrorText(new Error('boom'), t, true)).toBe(
      'Please try again. If the problem persists, tell the development team.',
    );
  });

  it('says that someone else changed it for a 409 without a text of its own, in en and nl', async () => {
    const en = (await testI18n('en')).t;
    const nl = (await testI18n('nl')).t;
    for (const code of [undefined, 'BAD_REQUEST', 'SOMETHING_CHANGED']) {
      expect(apiErrorText(problem(409, code), en, false)).toBe(
        'Someone else changed this in the meantime. Reload the page to see the latest version, then make your change again if it is still needed.',
      );
      expect(apiErrorText(problem(409, code), nl, true)).toMatch(
        /^Iemand anders heeft dit intussen gewijzigd\./,
      );
    }
    // A 409 with its own text keeps it; another status without one keeps the general text.
    expect(apiErrorText(problem(409, 'LAST_OWNER'), en, false)).toBe(
      'A company needs at least one owner: this would remove the last one.',
    );
    expect(apiErrorText(problem(400, 'SOMETHING_ELSE'), en, false)).toMatch(/^Please try again/);
  });

  it('does not speak of invalid fields: a form shows it only for what its fields cannot', async () => {
    const { t } = await testI18n('en');
    const refusal = problem(400, 'VALIDATION_FAILED', [{ field: 'customer_id', message: 'is invalid' }]);
    expect(apiErrorText(refusal, t, false)).toBe(
      'Please try again. If the problem persists, contact your provider.',
    );
    expect(apiErrorText(refusal, t, true)).toMatch(/tell the development team/);
  });
});

describe('formFieldErrors', () => {
  it('puts field errors on the form fields, and says whether they show all of the refusal', async () => {
    const { t } = await testI18n('en');
    const refusal = (errors: { field: string; message: string }[]) =>
      problem(400, 'VALIDATION_FAILED', errors);
    expect(
      formFieldErrors(refusal([{ field: 'contacts.0.email', message: 'is required' }]), ['contacts'], t),
    ).toEqual({ fields: { contacts: 'This field is required.' }, complete: true });
    expect(
      formFieldErrors(
        refusal([
          { field: 'name', message: 'must be at most 80 characters' },
          { field: 'customer_id', message: 'is invalid' },
        ]),
        ['name'],
        t,
      ),
    ).toEqual({ fields: { name: expect.stringContaining('80') }, complete: false });
    // Not a refusal of fields at all: nothing on the form, so the form shows the message.
    expect(formFieldErrors(problem(500), ['name'], t)).toEqual({ fields: {}, complete: false });
  });
});
