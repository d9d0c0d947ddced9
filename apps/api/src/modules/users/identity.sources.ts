import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type IdentityAdmin, IdentityUnavailableError } from './identity-admin.ts';
import { createDevIdentityAdmin } from './identity-dev.ts';
import { createKeycloakIdentityAdmin } from './identity-keycloak.ts';

/** Keycloak without an admin client: reading works, managing logins answers that it cannot. */
function unconfigured(): IdentityAdmin {
  const refuse = async (): Promise<never> => {
    throw new IdentityUnavailableError(
      'Keycloak user administration is not configured (KEYCLOAK_ADMIN_CLIENT_ID/_SECRET)',
    );
  };
  return { kind: 'keycloak', ensureUser: refuse, push: refuse, sendSetPassword: refuse };
}

/** The dev IdP by default; Keycloak's Admin REST API with OIDC_URL and an admin client. */
export function createIdentityAdmin(
  config: Pick<
    Config,
    | 'embeddedIdp'
    | 'issuer'
    | 'OIDC_URL'
    | 'OIDC_REALM'
    | 'OIDC_CLIENT_ID'
    | 'KEYCLOAK_ADMIN_CLIENT_ID'
    | 'KEYCLOAK_ADMIN_CLIENT_SECRET'
    | 'KEYCLOAK_ADMIN_TIMEOUT_MS'
  >,
  db: Database,
): IdentityAdmin {
  if (config.embeddedIdp || !config.OIDC_URL) return createDevIdentityAdmin(db, config.issuer);
  if (!config.KEYCLOAK_ADMIN_CLIENT_ID || !config.KEYCLOAK_ADMIN_CLIENT_SECRET) return unconfigured();
  return createKeycloakIdentityAdmin({
    url: config.OIDC_URL,
    realm: config.OIDC_REALM,
    clientId: config.KEYCLOAK_ADMIN_CLIENT_ID,
    clientSecret: config.KEYCLOAK_ADMIN_CLIENT_SECRET,
    webClientId: config.OIDC_CLIENT_ID,
    timeoutMs: config.KEYCLOAK_ADMIN_TIMEOUT_MS,
  });
}
