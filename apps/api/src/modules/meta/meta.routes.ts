import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const clientConfigSchema = z
  .object({
    brand_name: z.string(),
    oidc: z.object({ url: z.string(), realm: z.string(), client_id: z.string() }),
    /** portal: the portal's own form (dev IdP); idp: the identity provider's account console. */
    password_change: z.enum(['portal', 'idp']),
    /** PostHog project key and API host; null when analytics are off (SPEC.md §4). */
    analytics: z.object({ posthog_key: z.string(), posthog_host: z.string() }).nullable(),
  })
  .meta({ id: 'ClientConfig' });

/** The runtime configuration of the web app: a plain object, extended by adding fields here and to the schema. */
export type ClientConfig = z.infer<typeof clientConfigSchema>;

interface ClientConfigOptions {
  brandName: string;
  oidcUrl: string;
  realm: string;
  clientId: string;
  embeddedIdp: boolean;
  analytics?: { key: string; host: string } | undefined;
}

export function buildClientConfig(options: ClientConfigOptions): ClientConfig {
  return {
    brand_name: options.brandName,
    oidc: { url: options.oidcUrl, realm: options.realm, client_id: options.clientId },
    password_change: options.embeddedIdp ? 'portal' : 'idp',
    analytics: options.analytics
      ? { posthog_key: options.analytics.key, posthog_host: options.analytics.host }
      : null,
  };
}

/**
 * Runtime configuration for the web app, so one build serves every deployment. The app reads it from
 * index.html (plugins/web.ts embeds it); this endpoint serves the Vite dev server and other clients.
 */
export const metaRoutes: FastifyPluginAsyncZod<{ clientConfig: ClientConfig }> = async (app, options) => {
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['meta'],
        operationId: 'getClientConfig',
        summary: 'Configuration of the web app',
        response: {
          200: clientConfigSchema.describe('The identity provider and the brand of this deployment'),
        },
      },
    },
    async () => options.clientConfig,
  );
};
