import { homeCookie, homeCookieRemoval } from '@portaal/contracts/first-screen';
import type { UserInfo } from '../lib/auth/user-info.ts';
import type { SelectedCustomer } from '../lib/selected-customer.ts';
import { homeHeading } from './home-heading.ts';

/**
 * Keeps the home cookie (@portaal/contracts first-screen) at the names the home page would greet with
 * now and as the user signs in and the selected customer changes, so the next first screen of '/'
 * shows the page's greeting before any script. Written only when it changes; sign-out removes it
 * (auth.ts).
 */
export function keepHomeHint(
  auth: { getState(): { userInfo: UserInfo | null }; subscribe(listener: () => void): unknown },
  selected: { get(): SelectedCustomer | undefined; subscribe(listener: () => void): unknown },
) {
  let written: string | undefined;
  const update = () => {
    const { userInfo } = auth.getState();
    if (!userInfo) return;
    let cookie = homeCookieRemoval;
    try {
      cookie = homeCookie(homeHeading(userInfo, selected.get()));
    } catch {
      // A name that cannot be percent-encoded (a lone surrogate): no greeting in the first screen.
    }
    if (cookie === written) return;
    written = cookie;
    // biome-ignore lint/suspicious/noDocumentCookie: synchronous and everywhere; the Cookie Store API is neither
    document.cookie = cookie;
  };
  auth.subscribe(update);
  selected.subscribe(update);
}
