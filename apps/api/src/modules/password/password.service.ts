import { randomUUID } from 'node:crypto';
import type { PasswordChange } from '@portaal/contracts';
import type { IdpAccountStore } from '@portaal/idp';
import { hashPassword, verifyPassword } from '@portaal/idp/password';
import type { SignInThrottle } from '@portaal/idp/throttle';
import { AppError } from '../../lib/app-error.ts';

/** What changing a password needs of the users module (its service's account store). */
export type PasswordAccounts = Pick<IdpAccountStore, 'findByUsername' | 'setPassword'>;

const invalidCurrentPassword = () =>
  new AppError('INVALID_CURRENT_PASSWORD', 400, 'The username or the current password is not correct.');
const tooManyAttempts = (waitMs: number) =>
  new AppError(
    'TOO_MANY_ATTEMPTS',
    429,
    `Too many failed attempts from this address; try again in ${Math.ceil(waitMs / 1000)} s.`,
  );

/**
 * Password changes for accounts of the embedded dev IdP. Attempts are slowed down per username and
 * client address by the same throttle as the login page (never a lock a stranger could set off), so
 * this route is no way around it.
 */
export function createPasswordService(accounts: PasswordAccounts, throttle: SignInThrottle) {
  // Unknown users cost a hash check too, so timing does not tell which usernames exist.
  const dummyHash = hashPassword(randomUUID());

  return {
    async change({ username: typed, current_password, new_password }: PasswordChange, address: string) {
      // Usernames are stored in lower case, as the login page looks them up.
      const username = typed.trim().toLowerCase();
      const waitMs = await throttle.waitMs(username, address);
      if (waitMs > 0) throw tooManyAttempts(waitMs);
      const account = await accounts.findByUsername(username);
      const valid = await verifyPassword(current_password, account?.passwordHash ?? (await dummyHash));
      if (!account || !valid || account.passwordHash === null) {
        await throttle.failed(username, address);
        throw invalidCurrentPassword();
      }
      await accounts.setPassword(account.id, await hashPassword(new_password));
      await throttle.succeeded(username, address);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
