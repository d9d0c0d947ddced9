// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, testI18n } from '../../../test/dom.ts';
import { SyncBadge } from './contact-badges.tsx';

beforeAll(installDomShims);
afterEach(cleanup);

async function badge(contact: Parameters<typeof SyncBadge>[0]['contact'], language: 'en' | 'nl' = 'en') {
  const i18n = await testI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SyncBadge contact={contact} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the login label of a contact', () => {
  it('a pending invitation reads apart from an active login, in both languages', async () => {
    await badge({ sync: 'active', invitation_pending: true });
    expect(screen.getByText('Invited (not yet signed in)')).toBeInTheDocument();
    cleanup();
    await badge({ sync: 'active', invitation_pending: true }, 'nl');
    expect(screen.getByText('Uitgenodigd (nog niet aangemeld)')).toBeInTheDocument();
    cleanup();
    await badge({ sync: 'active', invitation_pending: false }, 'nl');
    expect(screen.getByText('Actief')).toBeInTheDocument();
  });

  it('turned off, stale and no login keep their labels', async () => {
    await badge({ sync: 'disabled', invitation_pending: true });
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    cleanup();
    await badge({ sync: 'stale', invitation_pending: true });
    expect(screen.getByText('Stale')).toBeInTheDocument();
    cleanup();
    await badge({ sync: null, invitation_pending: false });
    expect(screen.getByText('No login')).toBeInTheDocument();
  });
});
