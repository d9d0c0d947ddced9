import { z } from 'zod';
import { text } from './text.ts';

/** SPEC.md issue 3: a new password has at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** The dev IdP's login page refuses longer passwords, so a longer one could never be used. */
export const PASSWORD_MAX_LENGTH = 1024;
export const USERNAME_MAX_LENGTH = 256;

/** POST /api/v2/password: change the password of a dev-IdP account (only with the embedded IdP). */
export const passwordChangeSchema = z
  .object({
    username: text({ error: 'is required' })
      .min(1, 'is required')
      .max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`),
    // Passwords are taken as typed (not trimmed); control characters are refused like anywhere else.
    current_password: text({ error: 'is required', trim: false })
      .min(1, 'is required')
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
    new_password: text({ error: 'is required', trim: false })
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .strict()
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
