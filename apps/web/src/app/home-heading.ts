import type { HomeHeading } from '@portaal/contracts/first-screen';
import type { UserInfo } from '../lib/auth/user-info.ts';
import type { SelectedCustomer } from '../lib/selected-customer.ts';

/** The names the home page greets with (features/home/home-page.tsx): the user's, and the selected customer's. */
export function homeHeading(userInfo: UserInfo, selected: SelectedCustomer | undefined): HomeHeading {
  const name = userInfo.givenName || userInfo.username;
  return selected ? { name, customer: selected.name || String(selected.id) } : { name };
}
