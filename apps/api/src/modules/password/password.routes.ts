import { passwordChangeSchema } from '@portaal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PasswordService } from './password.service.ts';

/**
 * The change-password form of the dev IdP (SPEC.md §2: Change Password is public). Registered only
 * when the IdP is embedded; with Keycloak the web app links to Keycloak's account console instead,
 * and this path answers 404.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ password: PasswordService }> = async (
  app,
  { password },
) => {
  app.post(
    '/api/v2/password',
    {
      // Public: the current password is the credential, as on the login page.
      config: { access: 'public' },
      schema: {
        tags: ['me'],
        operationId: 'changePassword',
        summary: 'Change the password of a dev IdP account',
        body: passwordChangeSchema,
        response: { 204: z.null().describe('The password was changed') },
      },
    },
    async (request, reply) => {
      await password.change(request.body, request.ip);
      return reply.code(204).send(null);
    },
  );
};
