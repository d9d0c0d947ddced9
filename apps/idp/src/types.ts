import type { RightsMap } from '@portaal/contracts';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

export type Language = 'en' | 'nl';

/** A person who can sign in at the dev IdP; id is the token subject. */
export interface IdpAccount {
  id: string;
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  language: Language;
  groups: string[];
  /** Client roles of the public client, e.g. provider_viewer (DESIGN.md §2). */
  globalRoles: string[];
}

/**
 * passwordHash is null for an account without a password yet (invited) or a disabled one.
 * actionStamp: changed with every set-password link, so only the newest one works.
 */
export type IdpLoginAccount = IdpAccount & { passwordHash: string | null; actionStamp?: string | null };

/** What the IdP needs of the portal's accounts; the portal database stays the source of truth. */
export interface IdpAccountStore {
  findByUsername(username: string): Promise<IdpLoginAccount | undefined>;
  findById(id: string): Promise<IdpAccount | undefined>;
  /** For the set-password page: the account with its password hash, undefined when disabled. */
  findLoginById(id: string): Promise<IdpLoginAccount | undefined>;
  /** Customer rights plus 'global', computed by the portal (DESIGN.md §2). */
  rights(id: string): Promise<RightsMap>;
  /** The change-password page's (POST /api/v2/password) and the set-password page's. */
  setPassword(id: string, passwordHash: string): Promise<void>;
}

export type IdpDatabase = NodePgDatabase<Record<string, unknown>>;

export interface IdpOptions {
  /** Public URL + /realms/<realm>, e.g. http://localhost:3000/realms/portaal. */
  issuer: string;
  realm: string;
  /** The public browser client, e.g. portaal-web. */
  clientId: string;
  /** Audience of every access token, e.g. portaal-api. */
  audience: string;
  /** Redirect and post-logout URIs must lie under this URL. */
  publicUrl: string;
  /** Only the idp_* tables are used. */
  db: IdpDatabase;
  accounts: IdpAccountStore;
  brandName: string;
  /** Listed on the login page when given (password demo). */
  demoLogins?: { username: string; role: string }[];
  production: boolean;
  allowInProduction: boolean;
}

export interface IdpHandle {
  close(): Promise<void>;
}
