// The only file that imports posthog-js. analytics.ts imports it dynamically, so the library is a chunk
// of its own, fetched after sign-in and only when analytics are configured.
import {
  AnalyticsExtensions,
  ErrorTrackingExtensions,
  FeatureFlagsExtensions,
} from 'posthog-js/dist/extension-bundles.js';
// The slim build without external scripts: no surveys, toolbar, session recording or site apps
// loaded from the analytics host, so the CSP's script-src stays 'self'.
import posthog from 'posthog-js/dist/module.slim.no-external.js';
import type { AnalyticsClient } from './analytics.ts';
import { ANALYTICS_LIMITS, type AnalyticsSettings, flagPayloads } from './analytics-rules.ts';

/** Initialises posthog-js with SPEC.md §4's in-memory persistence and §9's limits. */
export function createPosthogClient(settings: AnalyticsSettings): AnalyticsClient {
  posthog.init(settings.key, {
    api_host: settings.host,
    // Nothing in cookies or storage: the identity lives as long as the page (SPEC.md §4).
    persistence: 'memory',
    // A new anonymous id per page load is never merged into the person: identify starts the person's
    // events, it does not link a stranger's history to them.
    reuseAnonymousId: true,
    // Page views are sent by the app on each page finish but the first (analytics.ts).
    capture_pageview: false,
    capture_pageleave: false,
    autocapture: true,
    rageclick: { ...ANALYTICS_LIMITS.rageclick },
    capture_exceptions: true,
    error_tracking: { ...ANALYTICS_LIMITS.exceptions },
    // Flags are fetched once the user is identified, not first for an anonymous id.
    advanced_disable_feature_flags_on_first_load: true,
    disable_external_dependency_loading: true,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    capture_performance: false,
    __extensionClasses: {
      ...FeatureFlagsExtensions,
      autocapture: AnalyticsExtensions.autocapture,
      ...ErrorTrackingExtensions,
    },
  });
  return {
    identify: (id, properties) => posthog.identify(id, properties),
    group: (type, key, properties) => posthog.group(type, key, properties),
    capture: (event, properties) => void posthog.capture(event, properties),
    reset: () => posthog.reset(),
    onFeatureFlags: (callback) =>
      posthog.onFeatureFlags((flags) =>
        callback(flagPayloads(flags, (flag) => posthog.getFeatureFlagPayload(flag))),
      ),
  };
}
