import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { Pages } from './pages.ts';
import type { TokenTools } from './tokens.ts';
import type { IdpOptions } from './types.ts';

/** What the IdP's route handlers share. */
export interface IdpContext {
  options: IdpOptions;
  provider: Provider;
  tokens: TokenTools;
  pages: Pages;
  /** Server-side route prefix, /realms/<realm>. */
  routePrefix: string;
  /** The issuer's path as browsers see it (equal to routePrefix unless a proxy adds a prefix). */
  mountPath: string;
  /** Makes oidc-provider derive URLs and cookie security from the issuer, not from the Host header. */
  prepare(request: IncomingMessage): void;
}
