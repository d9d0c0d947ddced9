import type { ContactSummary } from '@portaal/contracts/contacts';

/**
 * Whether the contact is the signed-in user's own login: the API refuses changing one's own roles
 * (OWN_ROLES_NOT_ALLOWED) and turning off or removing one's own login, so the screens say so before
 * anything is sent. Matched by e-mail address, the login's username (the contact has a login).
 */
export function isOwnLogin(
  userEmail: string | undefined,
  contact: Pick<ContactSummary, 'email' | 'sync'> | undefined,
): boolean {
  if (!contact?.sync || !userEmail) return false;
  return userEmail.toLowerCase() === contact.email.toLowerCase();
}
