import { z } from 'zod';
import { languageSchema } from './customers.ts';

/** Claims the IdP's userinfo endpoint returns (SPEC.md §3). */
export const userInfoClaimsSchema = z.object({
  sub: z.string(),
  preferred_username: z.string(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  groups: z.array(z.string()).default([]),
  rights: z.record(z.string(), z.array(z.string())).default({}),
  resource_access: z.record(z.string(), z.object({ roles: z.array(z.string()) })).default({}),
  locale: languageSchema.optional(),
});
export type UserInfoClaims = z.infer<typeof userInfoClaimsSchema>;
