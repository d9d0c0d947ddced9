// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '../../../app/session.ts';
import { createApiClient } from '../../../lib/api-client.ts';
import { installDomShims, readLocale } from '../../../test/dom.ts';
import { ChangePasswordPage, keycloakAccountUrl } from './change-password-page.tsx';

const locale = readLocale;

beforeAll(installDomShims);
afterEach(cleanup);

interface Sent {
  url: string;
  method: string;
  body: unknown;
}

async function renderPage({
  oidcUrl = window.location.origin,
  username,
  answer,
}: {
  oidcUrl?: string;
  username?: string;
  answer?: () => Response;
}) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['default', 'global'],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: { en: { default: locale('en', 'default'), global: locale('en', 'global') } },
    interpolation: { escapeValue: false },
  });
  const sent: Sent[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return answer ? answer() : new Response(null, { status: 204 });
  };
  const authState = { authenticated: Boolean(username), userInfo: username ? { username } : undefined };
  const session = {
    config: {
      brand_name: 'Portaal',
      oidc: { url: oidcUrl, realm: 'portaal', client_id: 'portaal-web' },
      password_change: oidcUrl === window.location.origin ? 'portal' : 'idp',
    },
    api: createApiClient({ fetch: fetchStub }),
    auth: { subscribe: () => () => {}, getState: () => authState },
    can: () => false,
  } as unknown as Session;
  // The page links home, so it needs a router around it.
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/', component: ChangePasswordPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory() });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={new QueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Change password' });
  return { sent, user: userEvent.setup() };
}

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail: code, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

describe('which way to change a password', () => {
  it("links to Keycloak's account console", () => {
    expect(keycloakAccountUrl({ url: 'https://sso.example.com/', realm: 'portaal' })).toBe(
      'https://sso.example.com/realms/portaal/account/#/security/signingin',
    );
  });
});

describe('Change password page', () => {
  it('shows the account-console link with Keycloak and no form', async () => {
    await renderPage({ oidcUrl: 'https://sso.example.com' });
    expect(screen.getByRole('link', { name: 'Open account settings' })).toHaveAttribute(
      'href',
      'https://sso.example.com/realms/portaal/account/#/security/signingin',
    );
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
  });

  it('fills in the username of a signed-in user and checks the fields before sending', async () => {
    const { sent, user } = await renderPage({ username: 'owner' });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('owner');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('puts a wrong current password on its field', async () => {
    const { sent, user } = await renderPage({ answer: () => problem(400, 'INVALID_CURRENT_PASSWORD') });
    await user.type(screen.getByRole('textbox', { name: 'Username' }), ' someone ');
    await user.type(screen.getByLabelText(/^Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The username or the current password is not correct.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([
      {
        url: '/api/v2/password',
        method: 'POST',
        body: { username: 'someone', current_password: 'wrong-one', new_password: 'new-password-1' },
      },
    ]);
  });

  it('says when attempts from here must wait', async () => {
    const { user } = await renderPage({ username: 'owner', answer: () => problem(429, 'TOO_MANY_ATTEMPTS') });
    await user.type(screen.getByLabelText(/^Current password/), 'whatever-1');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts from here. Wait a little and try again.',
    );
  });

  it('confirms a change and moves focus to the confirmation', async () => {
    const { user } = await renderPage({ username: 'owner' });
    await user.type(screen.getByLabelText(/^Current password/), 'old-password');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Password changed');
    expect(status).toHaveFocus();
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });
});
