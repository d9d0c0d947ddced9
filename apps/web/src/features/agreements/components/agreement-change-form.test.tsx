// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import type { Agreement } from '@portaal/contracts/agreements';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { AgreementChangeForm } from './agreement-change-form.tsx';

beforeAll(() => {
  installDomShims();
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
});
afterEach(() => {
  cleanup();
});

async function i18nFor(language: 'en' | 'nl'): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: {
      en: { default: readLocale('en', 'default'), global: readLocale('en', 'global') },
      nl: { default: readLocale('nl', 'default'), global: readLocale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const agreement: Agreement = {
  customer_id: 1002,
  customer_name: 'Northwind Logistics Ltd',
  unit: 'hours',
  total: '30.00',
  po_number: 'NW-7731',
  updated_at: '2026-10-01T08:00:00.000000Z',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

/** The real API client over a fetch that answers the POST as the API does. */
async function setup(
  language: 'en' | 'nl',
  answer: (body: { amount: string }) => Response,
  { staff = false } = {},
) {
  const sent: unknown[] = [];
  const fetchStub: typeof fetch = async (_input, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push(body);
    return answer(body);
  };
  const login = vi.fn();
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    auth: { login },
    // Staff hold their rights globally (useIsStaff); a customer's user does not.
    can: () => staff,
  } as unknown as Session;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = await i18nFor(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            <h2 id="agreement-form-title">Form</h2>
            <AgreementChangeForm agreement={agreement} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { sent, login, user: userEvent.setup() };
}

describe('the agreement change form', () => {
  it('in Dutch: previews the new total, refuses below zero before sending, and sends a decimal point', async () => {
    const { sent, user } = await setup('nl', (body) =>
      json(201, {
        agreement: { ...agreement, total: '32.50' },
        change: {
          id: 9,
          customer_id: 1002,
          amount: body.amount,
          new_total: '32.50',
          renewal: false,
          comment: 'Extra',
          by_user_id: 'u',
          by_name: 'Joris Mulder',
          created_at: '2026-11-27T10:00:00.000000Z',
        },
      }),
    );
    const amount = screen.getByRole('textbox', { name: /^Hoeveelheid/ });
    await user.type(amount, '-31');
    expect(amount).toHaveAccessibleDescription(/Het totaal zou -1 uur worden; het kan niet onder 0 komen\./);
    expect(screen.getByTestId('agreement-preview')).toHaveTextContent('Niet mogelijk');
    await user.type(screen.getByRole('textbox', { name: /^Toelichting/ }), 'Te veel');
    await user.click(screen.getByRole('button', { name: 'Wijziging vastleggen' }));
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '2,5');
    expect(screen.getByTestId('agreement-preview')).toHaveTextContent('32,5 uur');
    await user.click(screen.getByRole('button', { name: 'Wijziging vastleggen' }));
    await waitFor(() => expect(sent).toEqual([{ amount: '2.5', comment: 'Te veel', renewal: false }]));
    await waitFor(() => expect(amount).toHaveValue(''));
  });

  it('refuses a change of 0 on the amount before sending, in English and Dutch', async () => {
    for (const [language, label, comment, submit, message] of [
      ['en', /^Amount/, /^Comment/, 'Record change', 'Enter an amount other than 0.'],
      ['nl', /^Hoeveelheid/, /^Toelichting/, 'Wijziging vastleggen', 'Vul een hoeveelheid in die niet 0 is.'],
    ] as const) {
      const { sent, user } = await setup(language, () => json(500, {}));
      const amount = screen.getByRole('textbox', { name: label });
      await user.type(amount, '0');
      await user.type(screen.getByRole('textbox', { name: comment }), 'valid comment');
      await user.click(screen.getByRole('button', { name: submit }));
      expect(amount).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
      expect(sent).toEqual([]);
      cleanup();
    }
  });

  it('a renewal sets the total, and a 422 from a concurrent change lands on the amount', async () => {
    const { sent, user } = await setup('en', () =>
      json(
        422,
        {
          type: 'about:blank',
          title: 'Unprocessable Entity',
          status: 422,
          code: 'AGREEMENT_TOTAL_NEGATIVE',
          detail: 'below 0',
          errors: [{ field: 'amount', message: 'must not bring the total below 0' }],
          params: { total: '1.00', new_total: '-4.00' },
        },
        'application/problem+json',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: /^Renewal/ }));
    const amount = screen.getByRole('textbox', { name: /^New total/ });
    await user.type(amount, '12');
    expect(screen.getByTestId('agreement-preview')).toHaveTextContent('12 hours');
    await user.click(screen.getByRole('button', { name: 'Record renewal' }));
    // Comment missing: nothing sent.
    expect(sent).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Subtract five');
    await user.click(screen.getByRole('checkbox', { name: /^Renewal/ }));
    // 30 − 5 is fine here; the server knows of a change made meanwhile and refuses.
    await user.click(screen.getByRole('button', { name: 'Record change' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveAccessibleDescription(
        /The total would become -4.00; an agreement's total cannot go below 0\./,
      ),
    );
    expect(sent).toEqual([{ amount: '-5', comment: 'Subtract five', renewal: false }]);
  });
});

describe('what the agreement change form says when the API refuses', () => {
  /** Fills in a valid change and sends it. */
  async function send(user: ReturnType<typeof userEvent.setup>, language: 'en' | 'nl' = 'en') {
    const [amount, comment, submit] =
      language === 'en'
        ? [/^Amount/, /^Comment/, 'Record change']
        : [/^Hoeveelheid/, /^Toelichting/, 'Wijziging vastleggen'];
    await user.type(screen.getByRole('textbox', { name: amount }), '2');
    await user.type(screen.getByRole('textbox', { name: comment }), 'Extra hours');
    await user.click(screen.getByRole('button', { name: submit }));
  }

  it.each([
    [false, 'Please try again. If the problem persists, contact your provider.'],
    [true, 'Please try again. If the problem persists, tell the development team.'],
  ])('gives staff (%s) their own general text', async (staff, text) => {
    const { user } = await setup('en', () => json(502, { status: 502 }), { staff });
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('offers to sign in again after a 401, instead of trying again', async () => {
    const { user, login } = await setup('en', () => json(401, { status: 401, code: 'UNAUTHENTICATED' }));
    await send(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your session has ended. Please sign in again.');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(login).toHaveBeenCalledWith(window.location.href);
  });

  it.each([
    ['en', 'Someone else changed this in the meantime. Reload the page to see the latest version'],
    ['nl', 'Iemand anders heeft dit intussen gewijzigd. Laad de pagina opnieuw'],
  ] as const)(
    'says in %s that someone else changed it, for a 409 without a text of its own',
    async (language, text) => {
      // Fastify's own 409 arrives as BAD_REQUEST; a code the client has no text for is the same case.
      for (const code of ['BAD_REQUEST', 'AGREEMENT_CHANGED']) {
        const { user } = await setup(language, () => json(409, { status: 409, code }));
        await send(user, language);
        expect(await screen.findByRole('alert')).toHaveTextContent(text);
        cleanup();
      }
    },
  );

  it('does not speak of invalid fields when the refused field is not on the form', async () => {
    const { user } = await setup('en', () =>
      json(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'comment', message: 'must be at most 500 characters' },
          { field: 'customer_id', message: 'is invalid' },
        ],
      }),
    );
    await send(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please try again. If the problem persists, contact your provider.');
    expect(alert).not.toHaveTextContent('Some fields are not valid.');
    // What is on the form is still marked there.
    expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveAccessibleDescription(
      /at most 500 characters/,
    );
  });

  it('shows no form message when the fields show all of the refusal', async () => {
    const { user } = await setup('en', () =>
      json(400, {
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'comment', message: 'must be at most 500 characters' }],
      }),
    );
    await send(user);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Comment/ })).toHaveAccessibleDescription(
        /at most 500 characters/,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
