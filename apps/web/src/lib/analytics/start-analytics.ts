import type { AnyRouter } from '@tanstack/react-router';
import type { Session } from '../../app/session.ts';
import { analytics } from './analytics.ts';

/** Connects the app's analytics to the session (config, sign-in, selected customer) and the router. */
export function startAnalytics(session: Pick<Session, 'config' | 'auth' | 'selected'>, router: AnyRouter) {
  const configured = session.config.analytics;
  analytics.start({
    settings: configured ? { key: configured.posthog_key, host: configured.posthog_host } : null,
    auth: { get: session.auth.getState, subscribe: session.auth.subscribe },
    selected: session.selected,
    onPageFinish: (listener) => router.subscribe('onResolved', listener),
    pathname: () => router.state.location.pathname,
  });
}
