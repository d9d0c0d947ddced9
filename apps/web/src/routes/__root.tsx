import { MantineProvider } from '@mantine/core';
import { createRootRouteWithContext, Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveForcedColorMode } from '../app/color-mode.ts';
import { formatDocumentTitle, useDocumentTitle, useRouteDocumentTitle } from '../app/document-title.ts';
import type { RouterContext } from '../app/guard.ts';
import { colorSchemeManager } from '../app/providers.tsx';
import { useSession } from '../app/session.ts';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { errorPageTitleKey } from '../components/errors/error-content.ts';
import { loadErrorPage } from '../components/errors/load-error-page.ts';
import { CleanLayout } from '../components/layout/clean-layout.tsx';
import { AfterFirstScreen } from '../components/layout/lazy-widgets.tsx';
import { PageProgress } from '../components/layout/page-progress.tsx';
import { useFocusAfterNavigation } from '../components/layout/use-focus-after-navigation.ts';
import { ApiError } from '../lib/api-client.ts';
import '../app/router-types.ts';

// Neither is needed for the first paint of a working page: both load on demand (the toaster once
// the first screen is there).
const ErrorPage = lazy(() => loadErrorPage().then((module) => ({ default: module.ErrorPage })));
const Toaster = lazy(() =>
  import('../components/feedback/toaster.tsx').then((module) => ({ default: module.Toaster })),
);

function Root() {
  useFocusAfterNavigation();
  useRouteDocumentTitle(useSession().config.brand_name);
  const matches = useMatches();
  const forced = matches.findLast((match) => match.staticData?.colorMode)?.staticData?.colorMode;
  const forceColorScheme = useMemo(() => resolveForcedColorMode(forced), [forced]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      forceColorScheme={forceColorScheme}
    >
      <PageProgress />
      <AfterFirstScreen>
        <Toaster />
      </AfterFirstScreen>
      <Outlet />
    </MantineProvider>
  );
}

function NotFound() {
  const { t } = useTranslation('global');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <CleanLayout>
      <Suspense>
        <ErrorPage statusCode={404} message={t('errors.not_found.path', { path: pathname })} />
      </Suspense>
    </CleanLayout>
  );
}

/** Fatal or unhandled UI errors become the application-level error page. */
function RootError({ error }: { error: unknown }) {
  const statusCode = error instanceof ApiError ? error.status : undefined;
  const { config } = useSession();
  const analyticsOn = config.analytics !== null;
  useEffect(() => {
    // The analytics code is loaded only where analytics are configured (main.tsx).
    if (analyticsOn)
      void import('../lib/analytics/analytics.ts').then(({ analytics }) =>
        analytics.captureUnhandledError(error),
      );
  }, [analyticsOn, error]);
  const { t } = useTranslation('global');
  useDocumentTitle(formatDocumentTitle([t(errorPageTitleKey(statusCode))], config.brand_name));
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <CleanLayout>
        <Suspense>
          <ErrorPage statusCode={statusCode} error={error} />
        </Suspense>
      </CleanLayout>
    </MantineProvider>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});
