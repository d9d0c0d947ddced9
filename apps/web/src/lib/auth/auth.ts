import { homeCookieRemoval, pagesCookieRemoval } from '@portaal/contracts/first-screen';
import Keycloak, { type KeycloakInitOptions } from 'keycloak-js';
import { validateLoginFlowOptions } from './init-options.ts';
import {
  clearTokens,
  readTokens,
  saveTokens,
  tokenPayload,
  tokenSecondsLeft,
  tokenSubject,
  tokensRemoved,
} from './token-storage.ts';
import { toUserInfo, type UserInfo } from './user-info.ts';

/** Auth state of SPEC.md §3. */
export interface AuthState {
  userInfo: UserInfo | null;
  authenticated: boolean;
  token: string | undefined;
}

export interface OidcConfig {
  url: string;
  realm: string;
  clientId: string;
}

export const REFRESH_INTERVAL_MS = 10_000;
export const MIN_VALIDITY_S = 60;
/** A stored token with at least this many seconds left is used while keycloak-js refreshes it. */
export const EARLY_MIN_VALIDITY_S = 15;

type Listener = () => void;

/**
 * keycloak-js behind a small store: tokens restored from and saved to storage, a refresh attempt every
 * 10 s, and on any failure the tokens cleared and the user unauthenticated (SPEC.md §4, §8).
 */
/**
 * The first screen's hints of which pages this user may open and whom the home page greets are theirs
 * alone (the language and colour mode cookies stay: they are the browser's, as the login page's
 * language is).
 */
function forgetFirstScreen() {
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous and everywhere; the Cookie Store API is neither
  document.cookie = pagesCookieRemoval;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = homeCookieRemoval;
}

export function createAuth(config: OidcConfig) {
  const keycloak = new Keycloak({ url: config.url, realm: config.realm, clientId: config.clientId });
  let state: AuthState = { userInfo: null, authenticated: false, token: undefined };
  const listeners = new Set<Listener>();
  let timer: ReturnType<typeof setInterval> | undefined;
  /** keycloak-js's start (the stored token's refresh, or the login's code exchange): true when signed in. */
  let pending: Promise<boolean> = Promise.resolve(false);
  /**
   * Set by logout, here or in another tab: a refresh or start that answers after storage was emptied
   * (the page lives on until the IdP's page arrives) must not write the tokens back nor sign the user
   * in again.
   */
  let signedOut = false;

  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const persist = () => {
    if (signedOut) return;
    saveTokens({ idToken: keycloak.idToken, token: keycloak.token, refreshToken: keycloak.refreshToken });
  };

  /** From here on no call carries this tab's tokens and nothing started before signs the user in again. */
  function endSession() {
    signedOut = true;
    if (timer) clearInterval(timer);
    timer = undefined;
    set({ userInfo: null, authenticated: false, token: undefined });
  }

  /**
   * Signing out in one tab ends the session in the others (they share localStorage): each stops using
   * its tokens at once and asks for a sign-in, back to the same address. `prompt: 'login'` shows the
   * login form even when this request reaches the IdP before the other tab's logout has ended the
   * IdP's session, which would otherwise sign the user in again without asking.
   */
  function followSignOutInOtherTabs(publicPage: () => boolean) {
    window.addEventListener('storage', (event) => {
      if (signedOut || event.storageArea !== localStorage || !tokensRemoved(event.key, event.newValue))
        return;
      endSession();
      if (!publicPage()) void keycloak.login({ redirectUri: window.location.href, prompt: 'login' });
    });
  }

  function fail(message: string, error?: unknown) {
    console.error(message, error ?? '');
    clearTokens();
    if (timer) clearInterval(timer);
    timer = undefined;
    set({ userInfo: null, authenticated: false, token: undefined });
  }

  /** GET userinfo with a token of our own: keycloak-js reads it only after its own start. */
  async function fetchUserInfo(token: string): Promise<Record<string, unknown> | undefined> {
    const url = `${config.url}/realms/${encodeURIComponent(config.realm)}/protocol/openid-connect/userinfo`;
    const response = await fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
  }

  /** Claims read already (with the stored token) count when they are the signed-in user's. */
  async function loadUserInfo(early?: Record<string, unknown>): Promise<boolean> {
    try {
      const claims =
        early && early.sub === keycloak.subject
          ? early
          : ((await keycloak.loadUserInfo()) as Record<string, unknown>);
      if (signedOut) return false;
      set({
        userInfo: toUserInfo(claims, keycloak.tokenParsed ?? {}),
        authenticated: true,
        token: keycloak.token,
      });
      return true;
    } catch (error) {
      fail('Keycloak loadUserInfo failed', error);
      return false;
    }
  }

  function startRefresh() {
    if (timer) clearInterval(timer);
    timer = setInterval(() => {
      keycloak.updateToken(MIN_VALIDITY_S).then(
        (refreshed) => {
          if (refreshed && !signedOut) {
            persist();
            set({ ...state, token: keycloak.token });
          }
        },
        (error: unknown) => {
          // Offline the IdP cannot answer; that ends no session (and, through storage, would sign out
          // every tab): the next tick tries again, and the token stays until it expires.
          if (navigator.onLine) fail('Keycloak update token failed', error);
        },
      );
    }, REFRESH_INTERVAL_MS);
  }

  return {
    keycloak,
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToken: () => state.token,

    /** login-required on private routes; on public ones only stored tokens or a returning login count. */
    /**
     * `onSignedIn` runs as soon as the tokens are there, before the user info is loaded, so calls that
     * need only a token (the profile) go out at the same time. `publicPage` tells whether the page shown
     * now needs no sign-in (asked when another tab signs out).
     */
    async init({
      required,
      publicPage,
      locale,
      onSignedIn,
    }: {
      required: boolean;
      publicPage: () => boolean;
      locale?: string;
      onSignedIn?: () => void;
    }): Promise<AuthState> {
      followSignOutInOtherTabs(publicPage);
      const stored = readTokens();
      // Nobody is signed in: hints left by a profile answer that arrived after the sign-out go too.
      if (!stored.token) forgetFirstScreen();
      // A reload: keycloak-js first refreshes the stored token (updateToken(-1)). While that runs, the
      // user info and the profile are read with the stored token if it is still valid, instead of
      // after the refresh. Should the refresh fail, the user is signed out and both are dropped.
      const early =
        stored.token && stored.refreshToken && tokenSecondsLeft(stored.token) > EARLY_MIN_VALIDITY_S
          ? stored.token
          : undefined;
      let earlyClaims: Promise<Record<string, unknown> | undefined> = Promise.resolve(undefined);
      if (early) {
        set({ ...state, token: early });
        onSignedIn?.();
        earlyClaims = fetchUserInfo(early).catch(() => undefined);
      }
      const options: KeycloakInitOptions = {
        onLoad: required ? 'login-required' : undefined,
        pkceMethod: 'S256',
        responseMode: 'fragment',
        flow: 'standard',
        checkLoginIframe: false,
        enableLogging: false,
        locale,
        ...(stored.token && stored.refreshToken
          ? { token: stored.token, refreshToken: stored.refreshToken, idToken: stored.idToken }
          : {}),
      };
      validateLoginFlowOptions(options);
      keycloak.onAuthRefreshSuccess = persist;
      let outcome: boolean | undefined;
      const started = keycloak.init(options).then(
        (authenticated) => {
          outcome = authenticated;
          if (authenticated) return true;
          clearTokens();
          set({ userInfo: null, authenticated: false, token: undefined });
          return false;
        },
        (error: unknown) => {
          outcome = false;
          fail('Keycloak init failed', error);
          return false;
        },
      );
      pending = started;
      // The IdP answered the user info for the stored token: it is the signed-in user's and still
      // valid, so the app starts with it while keycloak-js refreshes it (a round trip to the IdP that
      // the first screen no longer waits for). The refreshed token replaces it when it arrives; a
      // refresh that fails signs the user out (or sends them to the login page) as it did before.
      const claims = await earlyClaims;
      if (
        outcome === undefined &&
        !signedOut &&
        early &&
        claims &&
        typeof claims.sub === 'string' &&
        claims.sub === tokenSubject(early)
      ) {
        set({ userInfo: toUserInfo(claims, tokenPayload(early)), authenticated: true, token: early });
        void started.then((authenticated) => {
          if (!authenticated || signedOut) return;
          persist();
          set({ ...state, token: keycloak.token });
          // Claims of another user (a sign-in as someone else in another tab meanwhile) are read again.
          if (keycloak.subject !== claims.sub) void loadUserInfo();
          startRefresh();
        });
        return state;
      }
      if (!(await started) || signedOut) return state;
      persist();
      set({ ...state, token: keycloak.token });
      if (!early) onSignedIn?.();
      if (await loadUserInfo(claims)) startRefresh();
      return state;
    },

    login(redirectUri?: string, locale?: string) {
      return keycloak.login({ redirectUri: redirectUri ?? window.location.href, locale });
    },

    /** Logout by redirect with id_token_hint; storage is emptied first. */
    async logout(redirectUri = `${window.location.origin}/`) {
      const idToken = keycloak.idToken ?? readTokens().idToken;
      localStorage.clear();
      sessionStorage.clear();
      forgetFirstScreen();
      // The router saves its scroll positions on beforeunload, after this point: empty storage again
      // once the page is really going.
      window.addEventListener('pagehide', () => sessionStorage.clear(), { once: true });
      endSession();
      const url = new URL(`${config.url}/realms/${config.realm}/protocol/openid-connect/logout`);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('post_logout_redirect_uri', redirectUri);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      window.location.assign(url.toString());
    },

    /** Re-reads the user info, e.g. after the language preference changed (once keycloak-js has started). */
    refreshUserInfo: async () => (await pending) && loadUserInfo(),
  };
}
export type Auth = ReturnType<typeof createAuth>;
