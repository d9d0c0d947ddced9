import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { type Session, SessionContext } from '../app/session.ts';
import { theme } from '../app/theme.ts';

/** A test's router rendered inside the app's providers: texts, Mantine with the app's theme, the session and its queries. */
export function renderScreen({
  router,
  session,
  queryClient,
  i18n,
}: {
  router: AnyRouter;
  session: Session;
  queryClient: QueryClient;
  i18n: i18n;
}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
