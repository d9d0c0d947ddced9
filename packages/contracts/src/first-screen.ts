/**
 * The colour mode the app last used (light, dark or auto), kept by the web app in a cookie besides
 * its own storage, so the server draws index.html's first screen in it (apps/api/src/plugins/web.ts)
 * instead of the system's. A hint, never a credential.
 */
export const SCHEME_COOKIE = 'portaal_scheme';

export const schemeCookie = (scheme: string) =>
  `${SCHEME_COOKIE}=${scheme}; path=/; max-age=31536000; samesite=lax`;

/** The cookie that tells the server which pages with a fixed heading the user may open (page-headings.ts). */
export const PAGES_COOKIE = 'portaal_pages';

/** What removes the pages cookie when its user signs out. */
export const pagesCookieRemoval = `${PAGES_COOKIE}=; path=/; max-age=0; samesite=lax`;
