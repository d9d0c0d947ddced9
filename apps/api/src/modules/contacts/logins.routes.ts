import { meSchema } from '@portaal/contracts';
import {
  contactParamsSchema,
  contactSchema,
  loginRemovalSchema,
  loginStateSchema,
  profileUpdateSchema,
} from '@portaal/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import type { MeService } from '../users/me.service.ts';
import type { LoginsService } from './logins.service.ts';

const userAdmin = { rights: { customer: ['user-admin'] } } as const;
const tags = ['contacts'];

/** Logins of contacts (invite, invite again, on/off, remove; user-admin) and the caller's own profile. */
export const loginRoutes: FastifyPluginAsyncZod<{ logins: LoginsService; me: MeService }> = async (
  app,
  { logins, me },
) => {
  const base = '/api/v2/customer/:customer_id/contacts/:contact_id';

  app.post(
    `${base}/invite`,
    {
      config: { access: userAdmin },
      schema: {
        tags,
        operationId: 'inviteContact',
        summary: 'Give a contact a login and mail them a set-password link',
        description:
          "Creates the login at the identity provider (or finds the one with the contact's e-mail address), makes it a member with the contact's first role and mails a link to set a password (Keycloak mails it itself). 409 CONTACT_HAS_LOGIN, LOGIN_TAKEN; 503 IDENTITY_UNAVAILABLE when the IdP does not answer (nothing stored).",
        params: contactParamsSchema,
        response: { 200: contactSchema.describe('The contact with its login') },
      },
    },
    async (request) =>
      logins.invite(
        { actor: actorOf(request), rights: await request.rights() },
        request.params.customer_id,
        request.params.contact_id,
      ),
  );

  app.post(
    `${base}/login/invitation`,
    {
      config: { access: userAdmin },
      schema: {
        tags,
        operationId: 'resendContactInvitation',
        summary: "Send a contact's invitation again",
        description:
          "While the contact's login has not signed in (`invitation_pending`): mails a fresh link to set a password (Keycloak mails it itself); the dev IdP's earlier links stop working. 409 CONTACT_HAS_NO_LOGIN, LOGIN_SIGNED_IN, LOGIN_TURNED_OFF; 503 IDENTITY_UNAVAILABLE when the IdP does not answer (nothing sent or stored).",
        params: contactParamsSchema,
        response: { 200: contactSchema.describe('The contact') },
      },
    },
    async (request) =>
      logins.resendInvitation(
        { actor: actorOf(request), rights: await request.rights() },
        request.params.customer_id,
        request.params.contact_id,
      ),
  );

  app.put(
    `${base}/login`,
    {
      config: { access: userAdmin },
      schema: {
        tags,
        operationId: 'setContactLogin',
        summary: "Turn a contact's login off or on",
        description:
          "Off: the login's rights in this customer end on its next request (sync label disabled); on: the contact's role again. Never one's own (403 OWN_LOGIN_NOT_ALLOWED) nor the last owner (409 LAST_OWNER).",
        params: contactParamsSchema,
        body: loginStateSchema,
        response: { 200: contactSchema.describe('The contact') },
      },
    },
    async (request) =>
      logins.setEnabled(
        { actor: actorOf(request), rights: await request.rights() },
        request.params.customer_id,
        request.params.contact_id,
        request.body.enabled,
      ),
  );

  app.delete(
    `${base}/login`,
    {
      config: { access: userAdmin },
      schema: {
        tags,
        operationId: 'removeContactLogin',
        summary: "Remove a contact's login (the contact stays)",
        description:
          "The login's rights in this customer end on its next request, even when the identity provider does not answer; the IdP deletes the login when nothing else uses it (`identity: pending` while it has not answered; retried by the identity job).",
        params: contactParamsSchema,
        response: { 200: loginRemovalSchema.describe('The contact and what became of the login') },
      },
    },
    async (request) =>
      logins.removeLogin(
        { actor: actorOf(request), rights: await request.rights() },
        request.params.customer_id,
        request.params.contact_id,
      ),
  );

  app.put(
    '/api/v2/me/profile',
    {
      config: { access: 'login' },
      schema: {
        tags: ['me'],
        operationId: 'updateMyProfile',
        summary: "Change the caller's name and phone numbers",
        description:
          'Written to every contact that is the caller and to the identity provider (later, by the identity job, when it does not answer).',
        body: profileUpdateSchema,
        response: { 200: meSchema.describe('The caller as saved') },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      const current = await me.get(principal);
      await logins.updateProfile(
        {
          actor: actorOf(request),
          rights: await request.rights(),
          user: {
            id: principal.sub,
            username: principal.username,
            email: current.email ?? '',
            language: current.language,
          },
        },
        request.body,
      );
      return me.get(principal);
    },
  );
};
