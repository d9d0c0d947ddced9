import { z } from 'zod';
import { type Language, languageSchema } from './customers.ts';
import { customerRoles } from './rights.ts';

/** The caller's own profile (GET /api/v2/me). */
export const meSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    email: z.string().nullable(),
    /** Phone numbers in their international form (the user edits them on My profile). */
    phone: z.string().nullable(),
    mobile: z.string().nullable(),
    language: languageSchema,
    memberships: z.array(
      z.object({ customer_id: z.number().int(), display_name: z.string(), role: z.enum(customerRoles) }),
    ),
    global_roles: z.array(z.string()),
    rights: z.record(z.string(), z.array(z.string())),
    main_company_id: z.number().int().nullable(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const meUpdateSchema = z.object({ language: languageSchema }).strict();
export type MeUpdate = z.infer<typeof meUpdateSchema>;

/**
 * The caller's language as a cookie: the server reads it to send the web app's page with a preload of
 * that language's texts, so they load alongside the scripts instead of after them. Set by GET and PUT
 * /api/v2/me: the profile's language, which the app takes at sign-in and saves when the user picks
 * another. A hint, never a credential (without it the server goes by Accept-Language). `Secure` when
 * the request came over HTTPS.
 */
export const LANGUAGE_COOKIE = 'portaal_lang';
export const languageCookie = (language: Language, secure = false) =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
