// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { Customer } from '@portaal/contracts';
import { hasRights, type RightsMap } from '@portaal/contracts/rights';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { PoNumberField } from './po-number-field.tsx';

const locale = readLocale;

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's toast must not show up in the next.
  notifications.clean();
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
      en: { default: locale('en', 'default'), global: locale('en', 'global') },
      nl: { default: locale('nl', 'default'), global: locale('nl', 'global') },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const CUSTOMER = 1001;
const customer: Customer = {
  customer_id: CUSTOMER,
  display_name: 'Bakkerij De Gouden Korst B.V.',
  language: 'nl',
  status: 'active',
  phone: null,
  coc_number: null,
  vat_number: null,
  usage_po_number: 'PO-2026-0187',
  links: [],
  addresses: [],
  created_at: '2016-05-17',
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const problem = (
  status: number,
  code: string,
  detail: string,
  errors?: { field: string; message: string }[],
) =>
  json(
    status,
    {
      type: 'about:blank',
      title: 'Bad Request',
      status,
      detail,
      code,
      request_id: 'req-1',
      ...(errors ? { errors } : {}),
    },
    'application/problem+json',
  );

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The real API client over a fetch that answers the way the API does. */
function setup({
  rights,
  answer,
  language = 'en',
}: {
  rights: RightsMap;
  answer?: (sent: Sent) => Response;
  language?: 'en' | 'nl';
}) {
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const request = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    return answer ? answer(request) : json(404, {});
  };
  const session = {
    api: createApiClient({ fetch: fetchStub }),
    can: (requirement: Parameters<typeof hasRights>[1], customerId?: number) =>
      hasRights(rights, requirement, customerId, () => {}),
  } as unknown as Session;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const renderWith = async (ui: ReactNode) => {
    const i18n = await i18nFor(language);
    return render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Notifications />
          <SessionContext.Provider value={session}>
            <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
          </SessionContext.Provider>
        </MantineProvider>
      </I18nextProvider>,
    );
  };
  return { sent, renderWith, user: userEvent.setup() };
}

const viewer: RightsMap = { [CUSTOMER]: ['company-read', 'contact-read'] };
const owner: RightsMap = { [CUSTOMER]: ['company-read', 'company-edit'] };

describe('PO number on the company page', () => {
  it('is shown read-only without company-edit', async () => {
    const { renderWith, sent } = setup({ rights: viewer });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-2026-0187" />);
    expect(screen.getByText('PO-2026-0187')).toBeInTheDocument();
    expect(screen.getByText('PO number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit PO number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says so when no PO number is set', async () => {
    const { renderWith } = setup({ rights: viewer, language: 'nl' });
    await renderWith(<PoNumberField customerId={CUSTOMER} value={null} />);
    expect(screen.getByText('Geen inkoopordernummer ingesteld')).toBeInTheDocument();
  });

  it('is not editable with company-edit on another customer only', async () => {
    const { renderWith } = setup({
      rights: { 2002: ['company-read', 'company-edit'], [CUSTOMER]: ['company-read'] },
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-1" />);
    expect(screen.queryByRole('button', { name: 'Edit PO number' })).not.toBeInTheDocument();
  });

  it('is editable with company-edit: saves the trimmed value, shows a toast and returns to reading', async () => {
    const { renderWith, sent, user } = setup({
      rights: owner,
      answer: (request) =>
        json(200, { ...customer, usage_po_number: (request.body as Customer).usage_po_number }),
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-2026-0187" />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    const input = screen.getByRole('textbox', { name: 'PO number' });
    expect(input).toHaveValue('PO-2026-0187');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '  PO-2027-0001 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('PO number saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'PUT', url: `/api/v2/customer/${CUSTOMER}`, body: { usage_po_number: 'PO-2027-0001' } },
    ]);
    expect(screen.queryByRole('textbox', { name: 'PO number' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit PO number' })).toHaveFocus();
  });

  it('clears the PO number with null when the field is emptied', async () => {
    const { renderWith, sent, user } = setup({
      rights: owner,
      answer: () => json(200, { ...customer, usage_po_number: null }),
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-1" />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    await user.clear(screen.getByRole('textbox', { name: 'PO number' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('PO number saved');
    expect(sent[0]?.body).toEqual({ usage_po_number: null });
  });

  it('cancels without a request', async () => {
    const { renderWith, sent, user } = setup({ rights: owner });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-1" />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    await user.type(screen.getByRole('textbox', { name: 'PO number' }), '-changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('PO-1')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses more than 64 characters with the max-length message before sending', async () => {
    const { renderWith, sent, user } = setup({ rights: owner });
    await renderWith(<PoNumberField customerId={CUSTOMER} value={null} />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    const input = screen.getByRole('textbox', { name: 'PO number' });
    await user.type(input, 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Enter at most 64 characters.'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('shows the max-length message in Dutch', async () => {
    const { renderWith, user } = setup({ rights: owner, language: 'nl' });
    await renderWith(<PoNumberField customerId={CUSTOMER} value={null} />);
    await user.click(screen.getByRole('button', { name: 'Inkoopordernummer wijzigen' }));
    await user.type(screen.getByRole('textbox', { name: 'Inkoopordernummer' }), 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByText('Vul hoogstens 64 tekens in.')).toBeInTheDocument();
  });

  it('shows a field error of the server on the field, translated', async () => {
    const { renderWith, user } = setup({
      rights: owner,
      answer: () =>
        problem(
          400,
          'VALIDATION_FAILED',
          'body field usage_po_number contains characters that are not allowed',
          [{ field: 'usage_po_number', message: 'contains characters that are not allowed' }],
        ),
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-1" />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    const input = screen.getByRole('textbox', { name: 'PO number' });
    await user.clear(input);
    await user.type(input, 'PO<2>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The entered value is not correctly formatted.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('The entered value is not correctly formatted.'),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // Still editing, with the value kept for correction.
    expect(input).toHaveValue('PO<2>');
  });

  it("maps the server's max-length field error onto the field", async () => {
    const { renderWith, user } = setup({
      rights: owner,
      answer: () =>
        problem(400, 'VALIDATION_FAILED', 'body field usage_po_number must be at most 64 characters', [
          { field: 'usage_po_number', message: 'must be at most 64 characters' },
        ]),
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value={null} />);
    await user.click(screen.getByRole('button', { name: 'Edit PO number' }));
    await user.type(screen.getByRole('textbox', { name: 'PO number' }), 'PO-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter at most 64 characters.')).toBeInTheDocument();
  });

  it('translates a refusal by its code, not by the English detail', async () => {
    const { renderWith, user } = setup({
      rights: owner,
      language: 'nl',
      answer: () => problem(403, 'FORBIDDEN', 'You do not have the rights for this action.'),
    });
    await renderWith(<PoNumberField customerId={CUSTOMER} value="PO-1" />);
    await user.click(screen.getByRole('button', { name: 'Inkoopordernummer wijzigen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('U hebt niet de rechten voor deze actie.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Inkoopordernummer' })).toBeInTheDocument();
  });
});
