/**
 * The pure rules of analytics (SPEC.md §4, §5, §9): when they may start, whom they identify, which
 * company they group by, what reaches the store. No PostHog code here: this file is in the initial
 * bundle, the library is not.
 */

/** The event of an unhandled UI error (SPEC.md §4). */
export const UNHANDLED_ERROR_EVENT = 'user received unhandled error';
/** PostHog's page-view event, sent by the app itself on each page finish but the first. */
export const PAGEVIEW_EVENT = '$pageview';
/** Users are grouped by the selected customer (SPEC.md §4). */
export const COMPANY_GROUP_TYPE = 'company';
/** The group key when no customer is selected. */
export const UNKNOWN_COMPANY = 'unknown';
/** PostHog's placeholder id for visitors without an identity; never a user's id. */
export const ANONYMOUS_SENTINEL = '$posthog_cookieless';

/** The runtime configuration of analytics: both values, or none at all. */
export interface AnalyticsSettings {
  key: string;
  host: string;
}

export interface AnalyticsUser {
  id: string | number;
  username?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
}

/** Flag name → its payload, or null for a flag without one (SPEC.md §3, analytics state). */
export type FeatureFlagPayloads = Record<string, unknown>;

/** SPEC.md §4: enabled, key and host configured, user authenticated, user info loaded. */
export function analyticsPreconditions(input: {
  enabled: boolean;
  settings: AnalyticsSettings | null | undefined;
  authenticated: boolean;
  user: AnalyticsUser | null | undefined;
}): input is {
  enabled: true;
  settings: AnalyticsSettings;
  authenticated: true;
  user: AnalyticsUser;
} {
  return (
    input.enabled &&
    Boolean(input.settings?.key) &&
    Boolean(input.settings?.host) &&
    input.authenticated &&
    input.user !== null &&
    input.user !== undefined
  );
}

/**
 * The distinct id to identify with (SPEC.md §5): numbers become strings; an empty id, the literal
 * 'distinct_id' and the anonymous sentinel are refused (undefined).
 */
export function identifyId(id: string | number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  if (typeof id === 'number' && !Number.isFinite(id)) return undefined;
  const text = String(id).trim();
  if (text === '' || text === 'distinct_id' || text === ANONYMOUS_SENTINEL) return undefined;
  return text;
}

/** The person properties sent with identify: e-mail, username and name, those that are known. */
export function identifyProperties(user: AnalyticsUser): Record<string, string> {
  const properties: Record<string, string> = {};
  if (user.email) properties.email = user.email;
  if (user.username) properties.username = user.username;
  if (user.name) properties.name = user.name;
  return properties;
}

export interface GroupCall {
  type: string;
  key: string;
  properties: { name: string };
}

/** The company group of the selected customer: its id, or 'unknown', and its name. */
export function companyGroup(customer: { id: number; name: string } | null | undefined): GroupCall {
  return {
    type: COMPANY_GROUP_TYPE,
    key: customer ? String(customer.id) : UNKNOWN_COMPANY,
    properties: { name: customer?.name ?? '' },
  };
}

/** A group call needs both a type and a key (SPEC.md §5). */
export function isValidGroupCall(call: { type: string | undefined; key: string | undefined }): boolean {
  return Boolean(call.type?.trim()) && Boolean(call.key?.trim());
}

/** Copies the payload of every flag into a plain record; a flag without a payload maps to null. */
export function flagPayloads(
  flags: readonly string[],
  payloadOf: (flag: string) => unknown,
): FeatureFlagPayloads {
  const payloads: FeatureFlagPayloads = {};
  for (const flag of flags) payloads[flag] = payloadOf(flag) ?? null;
  return payloads;
}

/**
 * SPEC.md §9's analytics limits, as far as posthog-js takes them as options. Its request timeout
 * (60000 ms), first page-view delay (1 ms), document-ready retry (500 ms), exception refill interval
 * (10 s) and autocapture text cap (255 characters) are built into the library with those same values
 * and cannot be set.
 */
export const ANALYTICS_LIMITS = {
  rageclick: { threshold_px: 30, click_count: 3, timeout_ms: 1000 },
  exceptions: { exceptionRateLimiterBucketSize: 10, exceptionRateLimiterRefillRate: 1 },
  textCaptureMaxLength: 255,
} as const;

/** Properties of the unhandled-error event: what failed and where, never the user's data. */
export function unhandledErrorProperties(error: unknown, path: string): Record<string, string | number> {
  const properties: Record<string, string | number> = { path };
  if (error instanceof Error) {
    properties.error_name = error.name;
    properties.error_message = error.message.slice(0, ANALYTICS_LIMITS.textCaptureMaxLength);
  } else if (typeof error === 'string') {
    properties.error_message = error.slice(0, ANALYTICS_LIMITS.textCaptureMaxLength);
  }
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number')
    properties.status_code = error.status;
  return properties;
}
