import {
  type AnalyticsSettings,
  type AnalyticsUser,
  analyticsPreconditions,
  companyGroup,
  type FeatureFlagPayloads,
  type GroupCall,
  identifyId,
  identifyProperties,
  isValidGroupCall,
  PAGEVIEW_EVENT,
  UNHANDLED_ERROR_EVENT,
  unhandledErrorProperties,
} from './analytics-rules.ts';

/** What the app asks of the analytics library; posthog-client.ts implements it with posthog-js. */
export interface AnalyticsClient {
  identify(id: string, properties: Record<string, string>): void;
  group(type: string, key: string, properties: Record<string, string>): void;
  capture(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
  /** Calls back with every flag's payload whenever the flags (re)load; answers an unsubscribe. */
  onFeatureFlags(callback: (payloads: FeatureFlagPayloads) => void): () => void;
}

/** Loads the library (a chunk of its own, fetched only when analytics start) and initialises it. */
export type AnalyticsLoader = (settings: AnalyticsSettings) => Promise<AnalyticsClient>;

/** Analytics state of SPEC.md §3. */
export interface AnalyticsState {
  initialized: boolean;
  /** True from page load until the first page finish: no page view then, and no re-group. */
  freshlyLoaded: boolean;
  featureFlags: FeatureFlagPayloads;
}

interface Source<T> {
  get(): T;
  subscribe(listener: () => void): () => unknown;
}

export interface AnalyticsSources {
  /** Key and host from the runtime configuration; null when analytics are not configured. */
  settings: AnalyticsSettings | null | undefined;
  enabled?: boolean;
  auth: Source<{ authenticated: boolean; userInfo: AnalyticsUser | null }>;
  selected: Source<{ id: number; name: string } | undefined>;
  /** The router's page-finish events (TanStack Router's onResolved). */
  onPageFinish(listener: (page: { hrefChanged: boolean }) => void): () => unknown;
  pathname?: () => string;
}

const loadPosthog: AnalyticsLoader = async (settings) => {
  const { createPosthogClient } = await import('./posthog-client.ts');
  return createPosthogClient(settings);
};

/**
 * The analytics rules of SPEC.md §4 around a lazily loaded client: start after sign-in when
 * configured, identify and group, page views, the unhandled-error event, reset on sign-out.
 * Failures are logged and never reach the user (SPEC.md §8).
 */
export function createAnalytics(
  options: { load?: AnalyticsLoader; log?: (message: string, error?: unknown) => void } = {},
) {
  const load = options.load ?? loadPosthog;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let state: AnalyticsState = { initialized: false, freshlyLoaded: true, featureFlags: {} };
  const listeners = new Set<() => void>();
  let sources: AnalyticsSources | undefined;
  let client: AnalyticsClient | undefined;
  let starting: Promise<void> | undefined;
  let lastGroup: string | undefined;
  let stopFlags: (() => void) | undefined;
  let unsubscribe: (() => void)[] = [];

  const set = (patch: Partial<AnalyticsState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const safely = (what: string, action: () => void) => {
    try {
      action();
    } catch (error) {
      log(`Analytics ${what} failed`, error);
    }
  };

  const ready = () => {
    if (!sources) return false;
    const auth = sources.auth.get();
    return analyticsPreconditions({
      enabled: sources.enabled ?? true,
      settings: sources.settings,
      authenticated: auth.authenticated,
      user: auth.userInfo,
    });
  };

  function group(target: AnalyticsClient, call: GroupCall) {
    if (!isValidGroupCall(call)) return;
    const signature = JSON.stringify(call);
    if (signature === lastGroup) return;
    lastGroup = signature;
    safely('group', () => target.group(call.type, call.key, call.properties));
  }

  async function initialise(settings: AnalyticsSettings) {
    client ??= await load(settings);
    const current = sources;
    // Signed out (or stopped) while the library was loading.
    if (!ready() || !current) return;
    const user = current.auth.get().userInfo;
    const id = identifyId(user?.id);
    if (user && id) {
      const target = client;
      safely('identify', () => target.identify(id, identifyProperties(user)));
    } else {
      log('Analytics identify skipped: the user has no usable id');
    }
    group(client, companyGroup(current.selected.get()));
    set({ initialized: true });
    stopFlags = client.onFeatureFlags((featureFlags) => set({ featureFlags }));
  }

  function sync() {
    if (!sources) return;
    if (ready()) {
      const settings = sources.settings;
      if (!state.initialized && !starting && settings) {
        starting = initialise(settings)
          .catch((error: unknown) => log('Analytics could not start', error))
          .finally(() => {
            starting = undefined;
          });
      }
      return;
    }
    if (!sources.auth.get().authenticated && state.initialized) {
      const target = client;
      safely('reset', () => target?.reset());
      stopFlags?.();
      stopFlags = undefined;
      lastGroup = undefined;
      set({ initialized: false, featureFlags: {} });
    }
  }

  /** Runs an action once the client is initialised (now, or when the start in progress ends). */
  function whenReady(what: string, action: (target: AnalyticsClient) => void) {
    const run = () => {
      const target = client;
      if (state.initialized && target) safely(what, () => action(target));
    };
    if (starting) void starting.then(run);
    else run();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Connects analytics to the session and the router; call once the router exists. */
    start(next: AnalyticsSources) {
      for (const stop of unsubscribe) stop();
      sources = next;
      unsubscribe = [
        next.auth.subscribe(sync),
        next.selected.subscribe(() => {
          if (state.freshlyLoaded || !state.initialized || !client) return;
          group(client, companyGroup(next.selected.get()));
        }),
        next.onPageFinish((page) => {
          if (state.freshlyLoaded) {
            set({ freshlyLoaded: false });
            return;
          }
          // Same address again (a reload of the data): not a new page.
          if (page.hrefChanged) whenReady('page view', (target) => target.capture(PAGEVIEW_EVENT));
        }),
      ].map((stop) => () => void stop());
      sync();
    },

    /** The event of SPEC.md §4 for an error that reached the application-level error page. */
    captureUnhandledError(error: unknown) {
      const path = sources?.pathname?.() ?? window.location.pathname;
      whenReady('unhandled-error event', (target) =>
        target.capture(UNHANDLED_ERROR_EVENT, unhandledErrorProperties(error, path)),
      );
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;

/** The app's analytics, started from main.tsx. */
export const analytics = createAnalytics();
