// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { hasRights, type RightsMap, type RightsRequirement } from '@portaal/contracts/rights';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../app/session.ts';
import { theme } from '../../app/theme.ts';
import { ApiError } from '../../lib/api-client.ts';
import { installDomShims, testI18n } from '../../test/dom.ts';
import { LoadFailed } from './page-states.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

/** The app's real 401: problem+json with the UNAUTHENTICATED code. */
const expired = () =>
  new ApiError(401, 'Unauthorized', { status: 401, title: 'Unauthorized', code: 'UNAUTHENTICATED' });
const serverFault = () => new ApiError(500, 'Internal Server Error', { status: 500 });

/** LoadFailed with a stand-in session: the user's rights decide `can`, as in the app; login is a spy. */
async function renderLoadFailed(error: unknown, { language = 'en', rights = {} as RightsMap } = {}) {
  const login = vi.fn();
  const onRetry = vi.fn();
  const session = {
    auth: { login },
    can: (requirement: RightsRequirement) => hasRights(rights, requirement, 1001, () => {}),
  } as unknown as Session;
  render(
    <I18nextProvider i18n={await testI18n(language as 'en' | 'nl')}>
      <MantineProvider theme={theme} env="test">
        <SessionContext.Provider value={session}>
          <LoadFailed error={error} onRetry={onRetry} />
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { login, onRetry };
}

describe('LoadFailed', () => {
  it('offers to sign in again after a 401, back to the same address', async () => {
    window.history.replaceState(null, '', '/support/4711?tab=replies');
    const { login, onRetry } = await renderLoadFailed(expired());
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(login).toHaveBeenCalledWith(`${window.location.origin}/support/4711?tab=replies`);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('says "Opnieuw inloggen" in Dutch', async () => {
    await renderLoadFailed(expired(), { language: 'nl' });
    expect(screen.getByText('Uw sessie is verlopen. Log opnieuw in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw inloggen' })).toBeInTheDocument();
  });

  it('keeps only Try again for a server fault', async () => {
    const { onRetry, login } = await renderLoadFailed(serverFault());
    expect(screen.queryByRole('button', { name: 'Sign in again' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(login).not.toHaveBeenCalled();
  });
});

describe('the general error text', () => {
  const staff: RightsMap = { global: ['company-read', 'ticket-read'] };
  const customer: RightsMap = { '1001': ['company-read', 'ticket-read'] };

  it.each([
    ['en', customer, 'Please try again. If the problem persists, contact your provider.'],
    ['en', staff, 'Please try again. If the problem persists, tell the development team.'],
    [
      'nl',
      customer,
      'Probeer het opnieuw. Blijft het probleem bestaan, neem dan contact op met uw provider.',
    ],
    ['nl', staff, 'Probeer het opnieuw. Blijft het probleem bestaan, meld het dan bij het ontwikkelteam.'],
  ])('in %s for %j', async (language, rights, text) => {
    await renderLoadFailed(serverFault(), { language, rights });
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
