import { describe, expect, it } from 'vitest';
import { type AnalyticsClient, type AnalyticsSources, createAnalytics } from './analytics.ts';
import type { AnalyticsUser, FeatureFlagPayloads } from './analytics-rules.ts';

/*
 * The orchestration of SPEC.md §4 (when to start, identify, group, re-group, page views, reset) against
 * a client that records what it is asked. The real posthog-js client is covered end to end by
 * e2e/tests/analytics.spec.ts against a local receiver.
 */

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function recordingClient() {
  const calls: unknown[][] = [];
  let flagsListener: ((payloads: FeatureFlagPayloads) => void) | undefined;
  const client: AnalyticsClient = {
    identify: (...args) => void calls.push(['identify', ...args]),
    group: (...args) => void calls.push(['group', ...args]),
    capture: (...args) => void calls.push(['capture', ...args]),
    reset: () => void calls.push(['reset']),
    onFeatureFlags(callback) {
      flagsListener = callback;
      return () => {
        flagsListener = undefined;
      };
    },
  };
  return { client, calls, flags: (payloads: FeatureFlagPayloads) => flagsListener?.(payloads) };
}

const owner: AnalyticsUser = { id: 'u-1', username: 'multi', name: 'Mia Multi', email: 'multi@example.com' };
const settings = { key: 'phc_test_key', host: 'http://127.0.0.1:9' };
const northwind = { id: 1002, name: 'Northwind Logistics Ltd' };
const vanDijk = { id: 1003, name: 'Van Dijk & Partners Advocaten' };

function setUp(options: { settings?: AnalyticsSources['settings']; signedIn?: boolean } = {}) {
  const recorder = recordingClient();
  const loads: unknown[] = [];
  const logged: string[] = [];
  const analytics = createAnalytics({
    load: async (given) => {
      loads.push(given);
      return recorder.client;
    },
    log: (message) => void logged.push(message),
  });
  const signedIn = options.signedIn ?? true;
  const auth = store({ authenticated: signedIn, userInfo: signedIn ? owner : null });
  const selected = store<{ id: number; name: string } | undefined>(northwind);
  const pageFinish = new Set<(page: { hrefChanged: boolean }) => void>();
  analytics.start({
    settings: options.settings === undefined ? settings : options.settings,
    auth,
    selected,
    onPageFinish(listener) {
      pageFinish.add(listener);
      return () => pageFinish.delete(listener);
    },
    pathname: () => '/support',
  });
  const finishPage = (hrefChanged = true) => {
    for (const listener of pageFinish) listener({ hrefChanged });
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { analytics, auth, selected, finishPage, settle, loads, logged, ...recorder };
}

describe('analytics', () => {
  it('does not load the library when nothing is configured', async () => {
    const { loads, calls, settle, analytics, finishPage } = setUp({ settings: null });
    finishPage();
    finishPage();
    analytics.captureUnhandledError(new Error('x'));
    await settle();
    expect(loads).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('waits for sign-in, then identifies, groups, marks itself initialised and copies the flags', async () => {
    const { analytics, auth, loads, calls, flags, settle } = setUp({ signedIn: false });
    await settle();
    expect(loads).toEqual([]);

    auth.set({ authenticated: true, userInfo: owner });
    await settle();
    expect(loads).toEqual([settings]);
    expect(calls).toEqual([
      ['identify', 'u-1', { email: 'multi@example.com', username: 'multi', name: 'Mia Multi' }],
      ['group', 'company', '1002', { name: 'Northwind Logistics Ltd' }],
    ]);
    expect(analytics.getState()).toEqual({ initialized: true, freshlyLoaded: true, featureFlags: {} });

    flags({ 'new-dashboard': { columns: 3 }, plain: null });
    expect(analytics.getState().featureFlags).toEqual({ 'new-dashboard': { columns: 3 }, plain: null });
  });

  it('waits for the user info after the authenticated flag', async () => {
    const { auth, loads, settle } = setUp({ signedIn: false });
    auth.set({ authenticated: true, userInfo: null });
    await settle();
    expect(loads).toEqual([]);
    auth.set({ authenticated: true, userInfo: owner });
    await settle();
    expect(loads).toHaveLength(1);
  });

  it("groups by 'unknown' without a selected customer, and never identifies a refused id", async () => {
    const recorder = recordingClient();
    const logged: string[] = [];
    const analytics = createAnalytics({ load: async () => recorder.client, log: (m) => void logged.push(m) });
    analytics.start({
      settings,
      auth: store({ authenticated: true, userInfo: { ...owner, id: 'distinct_id' } }),
      selected: store<{ id: number; name: string } | undefined>(undefined),
      onPageFinish: () => () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorder.calls).toEqual([['group', 'company', 'unknown', { name: '' }]]);
    expect(logged).toEqual(['Analytics identify skipped: the user has no usable id']);
  });

  it('skips the first page finish after load, then sends a page view for each new page', async () => {
    const { analytics, finishPage, calls, settle } = setUp();
    await settle();
    calls.length = 0;
    finishPage();
    expect(analytics.getState().freshlyLoaded).toBe(false);
    expect(calls).toEqual([]);
    finishPage();
    finishPage(false);
    finishPage();
    expect(calls).toEqual([
      ['capture', '$pageview'],
      ['capture', '$pageview'],
    ]);
  });

  it('re-groups on a customer change, except while freshly loaded', async () => {
    const { selected, finishPage, calls, settle } = setUp();
    await settle();
    calls.length = 0;
    selected.set(vanDijk);
    expect(calls).toEqual([]);

    finishPage();
    // Still grouped by 1002 (the change above was skipped): nothing to send for 1002.
    selected.set(northwind);
    selected.set(vanDijk);
    selected.set(vanDijk);
    selected.set(northwind);
    expect(calls).toEqual([
      ['group', 'company', '1003', { name: 'Van Dijk & Partners Advocaten' }],
      ['group', 'company', '1002', { name: 'Northwind Logistics Ltd' }],
    ]);
  });

  it('sends the unhandled-error event once initialised, also for an error during the start', async () => {
    const { analytics, calls, settle } = setUp();
    analytics.captureUnhandledError(new TypeError('broken'));
    await settle();
    expect(calls.at(-1)).toEqual([
      'capture',
      'user received unhandled error',
      { path: '/support', error_name: 'TypeError', error_message: 'broken' },
    ]);
  });

  it('resets and clears the flags when the user becomes unauthenticated, and starts again after sign-in', async () => {
    const { analytics, auth, calls, flags, loads, settle, finishPage } = setUp();
    await settle();
    flags({ beta: true });
    finishPage();
    calls.length = 0;

    auth.set({ authenticated: false, userInfo: null });
    expect(calls).toEqual([['reset']]);
    expect(analytics.getState()).toEqual({ initialized: false, freshlyLoaded: false, featureFlags: {} });
    flags({ beta: true });
    expect(analytics.getState().featureFlags).toEqual({});
    finishPage();
    expect(calls).toEqual([['reset']]);

    auth.set({ authenticated: true, userInfo: owner });
    await settle();
    expect(loads).toHaveLength(1);
    expect(calls.slice(1).map((call) => call[0])).toEqual(['identify', 'group']);
  });

  it('only logs when the library fails to load or a call throws', async () => {
    const logged: unknown[][] = [];
    const analytics = createAnalytics({
      load: () => Promise.reject(new Error('chunk failed')),
      log: (...args) => void logged.push(args),
    });
    analytics.start({
      settings,
      auth: store({ authenticated: true, userInfo: owner }),
      selected: store<{ id: number; name: string } | undefined>(northwind),
      onPageFinish: () => () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged[0]?.[0]).toBe('Analytics could not start');
    expect(analytics.getState().initialized).toBe(false);

    const throwing = recordingClient();
    throwing.client.identify = () => {
      throw new Error('identify broke');
    };
    const messages: string[] = [];
    const second = createAnalytics({ load: async () => throwing.client, log: (m) => void messages.push(m) });
    second.start({
      settings,
      auth: store({ authenticated: true, userInfo: owner }),
      selected: store<{ id: number; name: string } | undefined>(northwind),
      onPageFinish: () => () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(messages).toEqual(['Analytics identify failed']);
    expect(second.getState().initialized).toBe(true);
  });
});
