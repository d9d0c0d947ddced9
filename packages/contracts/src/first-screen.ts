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

/**
 * The cookie that carries the home page's greeting to the first screen: the names the page greets
 * with (the user's and the selected customer's), kept by the web app as they change
 * (apps/web/src/app/home-hint.ts), so the server writes the greeting into index.html for '/'
 * (apps/api/src/plugins/web.ts) and the page's largest text shows before any script has run. A hint,
 * never a credential: the user's own names, removed at sign-out.
 */
export const HOME_COOKIE = 'portaal_home';

/** The greeting's names; `customer` only while a customer is selected. */
export interface HomeHeading {
  name: string;
  customer?: string;
}

/** The longest name the cookie keeps (in characters, not UTF-16 units): the page shows whole names. */
export const HOME_NAME_MAX = 100;

/**
 * `portaal_home=<name>|<customer>`, each part percent-encoded (a '|' in a name stays in it). The server
 * reads no names from a cookie whose name is empty, too long or has control characters
 * (homeFromCookie); the checks stay there, out of the web app's start.
 */
export const homeCookie = ({ name, customer }: HomeHeading) =>
  `${HOME_COOKIE}=${(customer === undefined ? [name] : [name, customer]).map(encodeURIComponent).join('|')}; path=/; max-age=31536000; samesite=lax`;

/** What removes the home cookie when its user signs out. */
export const homeCookieRemoval = `${HOME_COOKIE}=; path=/; max-age=0; samesite=lax`;

/** A cookie's value in a Cookie header (the first-screen hints' one reader), undefined without it. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${name}=([^;\\s]*)`).exec(header ?? '')?.[1];
}

/** The greeting's names from a Cookie header: undefined without a cookie, or with an empty, too long or control character name. */
export function homeFromCookie(header: string | undefined): HomeHeading | undefined {
  const value = cookieValue(header, HOME_COOKIE);
  if (!value) return undefined;
  const encoded = value.split('|');
  if (encoded.length > 2) return undefined;
  try {
    const [name = '', customer] = encoded.map(decodeURIComponent);
    const parts = customer === undefined ? [name] : [name, customer];
    const valid =
      name.trim() !== '' &&
      parts.every((part) => [...part].length <= HOME_NAME_MAX && !/[\p{Cc}]/u.test(part));
    return valid ? { name, ...(customer === undefined ? {} : { customer }) } : undefined;
  } catch {
    // Not percent-encoding (a malformed or foreign cookie).
    return undefined;
  }
}
