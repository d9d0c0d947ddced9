import { type HomeHeading, homeCookie, homeCookieRemoval } from '@portaal/contracts/first-screen';
import type { UserInfo } from '../lib/auth/user-info.ts';
import type { SelectedCustomer } from '../lib/selected-customer.ts';

/** The names the home page greets with (features/home/home-page.tsx): the user's, and the selected customer's. */
export function homeHeading(userInfo: UserInfo, selected: SelectedCustomer | undefined): HomeHeading {
  const name = userInfo.givenName || userInfo.username;
  return selected ? { name, customer: selected.name || String(selected.id) } : { name };
}

/**
 * Keeps the home cookie (@portaal/contracts first-screen) at the names the home page would greet with
 * now, as the user signs in and the selected customer changes, so the next first screen of '/' shows
 * the page's greeting before any script. Written only when it changes; sign-out removes it (auth.ts).
 */
export function keepHomeHint(
  auth: { getState(): { userInfo: UserInfo | null }; subscribe(listener: () => void): unknown },
  selected: { get(): SelectedCustomer | undefined; subscribe(listener: () => void): unknown },
) {
  let written: string | undefined;
  const update = () => {
    const { userInfo } = auth.getState();
    if (!userInfo) return;
    const cookie = homeCookie(homeHeading(userInfo, selected.get())) ?? homeCookieRemoval;
    if (cookie === written) return;
    written = cookie;
    // biome-ignore lint/suspicious/noDocumentCookie: synchronous and everywhere; the Cookie Store API is neither
    document.cookie = cookie;
  };
  auth.subscribe(update);
  selected.subscribe(update);
}
