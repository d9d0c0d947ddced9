import { randomUUID } from 'node:crypto';
import type { PasswordChange } from '@portaal/contracts';
import type { IdpAccountStore } from '@portaal/idp';
import { hashPassword, verifyPassword } from '@portaal/idp/password';
import { AppError } from '../../lib/app-error.ts';

/**
 * The same lock as the dev IdP's login page (apps/idp/src/interactions.ts): after 5 failed attempts
 * the account is locked for 5 minutes, and the counter is shared, so this route is no way around it.
 */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MS = 5 * 60_000;

/** What changing a password needs of the users module (its service's account store). */
export type PasswordAccounts = Pick<
  IdpAccountStore,
  'findByUsername' | 'recordFailedLogin' | 'resetFailedLogins' | 'setPassword'
>;

const invalidCurrentPassword = () =>
  new AppError('INVALID_CURRENT_PASSWORD', 400, 'The username or the current password is not correct.');
const accountLocked = () =>
  new AppError('ACCOUNT_LOCKED', 429, 'Too many failed attempts; the account is locked for a few minutes.');

/** Password changes for accounts of the embedded dev IdP. */
export function createPasswordService(accounts: PasswordAccounts, clock: () => number = Date.now) {
  // Unknown users cost a hash check too, so timing does not tell which usernames exist.
  const dummyHash = hashPassword(randomUUID());

  return {
    async change({ username, current_password, new_password }: PasswordChange): Promise<void> {
      // Usernames are stored in lower case, as the login page looks them up.
      const account = await accounts.findByUsername(username.trim().toLowerCase());
      if (!account) {
        await verifyPassword(current_password, await dummyHash);
        throw invalidCurrentPassword();
      }
      const now = clock();
      if (account.lockedUntil && account.lockedUntil.getTime() > now) throw accountLocked();
      const valid = await verifyPassword(current_password, account.passwordHash ?? (await dummyHash));
      if (!valid || account.passwordHash === null) {
        // After a lock has run out the count starts again, as on the login page.
        const lockExpired = account.lockedUntil !== null;
        if (lockExpired) await accounts.resetFailedLogins(account.id);
        const failures = (lockExpired ? 0 : account.failedLogins) + 1;
        const lockUntil = failures >= MAX_FAILED_ATTEMPTS ? new Date(now + LOCK_MS) : null;
        await accounts.recordFailedLogin(account.id, lockUntil);
        throw lockUntil ? accountLocked() : invalidCurrentPassword();
      }
      await accounts.setPassword(account.id, await hashPassword(new_password));
      if (account.failedLogins > 0 || account.lockedUntil) await accounts.resetFailedLogins(account.id);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
