// The shell's and the home page's styles only, in Mantine's cascade layer (order within it as in
// @mantine/core/styles.layer.css); the rest comes with the lazy screens (app/full-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFullStyles } from './app/full-styles.ts';
import { type ClientConfig, createSession, type Session, SessionContext, TEST_MODE } from './app/session.ts';
import { loadErrorPage } from './components/errors/load-error-page.ts';
import { dataOf } from './lib/api-client.ts';
import { installChunkErrorReload } from './lib/build-updates.ts';
import { currentLanguage, detectLanguage, initI18n } from './lib/i18n.ts';
import { loadClientConfig } from './lib/runtime-config.ts';
import { stringifySearch } from './lib/search-params.ts';
import { routeTree } from './routeTree.gen.ts';

/** Paths that need no sign-in (SPEC.md §2): the app does not send the user to the IdP there. */
const PUBLIC_PATHS = ['/logout', '/user/change-password', '/error'];
const isPublicPage = () => PUBLIC_PATHS.some((path) => window.location.pathname.startsWith(path));

function createAppRouter(session: Session) {
  return createRouter({
    routeTree,
    context: { session, testMode: TEST_MODE },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingMs: 300,
    stringifySearch,
  });
}

/**
 * Starts loading the code of the page being opened while the sign-in runs, instead of after it. A
 * router of its own, for matching only: the app's router reads the address once the sign-in has
 * tidied it (the IdP's answer in the address is removed then).
 */
function preloadPageCode(session: Session) {
  const path = window.location.pathname;
  const matcher = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session, testMode: TEST_MODE },
  });
  const [routes, , found] = matcher.getMatchedRoutes(path);
  for (const route of routes) void matcher.loadRouteChunk(route)?.catch(() => {});
  // No page has this address: the not-found page's code comes now, not after the sign-in.
  if (!found) void loadErrorPage().catch(() => {});
  // The default layout's screens wait for Mantine's whole stylesheet (_app.tsx's loader): asked for
  // now, it arrives with the page's code instead of a round trip after it.
  if (routes.some((route) => route.id === '/_app')) void loadFullStyles().catch(() => {});
}

/** How long the first render waits for the page's first answers (then it shows their skeletons). */
const FIRST_ANSWERS_WAIT_MS = 1_000;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

async function start() {
  installChunkErrorReload();
  // The detected language's locale files are read from here on, alongside the sign-in below.
  const translations = initI18n();
  const config = await loadClientConfig<ClientConfig>();
  document.title = config.brand_name;
  const session = createSession(config);
  // Analytics only when configured: its code loads alongside the sign-in, never in the initial JS.
  const analytics = config.analytics
    ? import('./lib/analytics/start-analytics.ts').catch((error: unknown) => {
        console.error('Analytics failed to load', error);
        return undefined;
      })
    : undefined;
  let profile: Promise<{ language: 'en' | 'nl' } | undefined> = Promise.resolve(undefined);
  const signedIn = session.auth.init({
    required: !isPublicPage(),
    publicPage: isPublicPage,
    locale: detectLanguage(),
    // The profile needs only the token: it is read while the user info loads.
    onSignedIn: () => {
      profile = dataOf(session.api.GET('/api/v2/me')).catch(() => undefined);
    },
  });
  // After the sign-in's first requests: the page's code (dozens of files on a first visit) would
  // otherwise take the browser's six connections first, and the sign-in, which the page waits for
  // too, would queue behind it.
  preloadPageCode(session);
  const [state] = await Promise.all([signedIn, translations]);
  // The profile's language wins at sign-in. It is applied while the page resolves below: the page's
  // answers do not depend on the language, so its loaders need not wait a round trip for the profile.
  const language = state.authenticated
    ? profile.then(async (me) => {
        if (me && me.language !== currentLanguage()) await i18next.changeLanguage(me.language);
      })
    : undefined;
  if (state.authenticated) await session.startSelectedCustomer();
  const router = createAppRouter(session);
  // Started before the first render, so the first page finish is seen as the first (SPEC.md §4).
  (await analytics)?.startAnalytics(session, router);
  // The newer-build watch polls every few minutes: its code loads after the start, not in it.
  void import('./lib/build-watch.ts').then(({ startBuildWatch }) => startBuildWatch()).catch(() => {});
  // The page is resolved (guards, loaders, its code) before React renders anything, so the first render
  // is the whole page, in the transition below, which React renders in slices. Rendered first and
  // resolved after, the page arrived through the router's store, an update React renders in one
  // blocking task (about 130 ms of script on a fast laptop for the ticket list). The static first
  // screen stays up meanwhile; the router's mount sees the address resolved and does not load again.
  await Promise.all([
    router.load().catch((error: unknown) => console.error('Opening the page failed', error)),
    language,
  ]);
  // The same for the answers the page's loaders asked for (not awaited there, so that a later visit
  // shows the page's skeleton at once): on the first page they arrive before the first render, which
  // then draws the page once, in slices, rather than drawing the skeleton and then the rows in one
  // blocking update. A slow answer is not waited for beyond FIRST_ANSWERS_WAIT_MS.
  const answers = session.queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.race([
    Promise.allSettled(answers.map((query) => query.promise)),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]);

  const root = document.getElementById('root');
  if (!root) return;
  const reactRoot = createRoot(root);
  // The first render as a transition: React renders it in slices and the page stays responsive.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={session.queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </SessionContext.Provider>
      </StrictMode>,
    );
  });
}

void start();
