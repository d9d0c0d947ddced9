import type { RightsMap } from '@portaal/contracts';

/** What the portal tells the identity provider about a person. */
export interface IdentityProfile {
  email: string;
  givenName: string;
  familyName: string;
  language: 'en' | 'nl';
  phone: string | null;
  mobile: string | null;
}

/**
 * What the IdP should hold for a login, derived from the portal database (the source of truth):
 * the profile, whether the login may sign in, and the customer rights for the `rights` claim.
 */
export interface IdentityState extends IdentityProfile {
  enabled: boolean;
  rights: RightsMap;
}

/**
 * DESIGN.md §8's port to the identity provider's user administration: the dev IdP (its own table) by
 * default, Keycloak's Admin REST API in production. Every call is idempotent, so the identity job can
 * repeat any of them until the IdP has answered.
 */
export interface IdentityAdmin {
  readonly kind: 'dev' | 'keycloak';
  /** The login with this e-mail address (the username of an invited login), created when there is none. */
  ensureUser(profile: IdentityProfile): Promise<{ id: string; username: string }>;
  /** Makes the IdP's login match `state`; null removes the login (a login already gone is fine). */
  push(id: string, state: IdentityState | null): Promise<void>;
  /**
   * Asks the user to set a password. The dev IdP answers the link, which the portal mails through its
   * outbox; Keycloak mails its own link (execute-actions-email) and answers null.
   */
  sendSetPassword(
    id: string,
    options: { language: 'en' | 'nl'; redirectUri: string; lifespanSeconds: number },
  ): Promise<string | null>;
}

/** The IdP did not answer, or answered with an error: the portal keeps its own state and retries. */
export class IdentityUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityUnavailableError';
  }
}

/** How long an invitation's set-password link works (three days; Keycloak's lifespan parameter too). */
export const INVITATION_LIFESPAN_SECONDS = 3 * 24 * 3600;
