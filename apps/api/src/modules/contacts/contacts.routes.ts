import { customerParamsSchema, problemSchema } from '@portaal/contracts';
import {
  callListInputSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactParamsSchema,
  contactSchema,
  contactSummarySchema,
  technicalEmailListSchema,
  technicalEmailsSchema,
} from '@portaal/contracts/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { setNextLink } from '../../lib/paging.ts';
import type { ContactsCaller, ContactsService } from './contacts.service.ts';

const contactRead = { rights: { customer: ['contact-read'] } } as const;
const contactEdit = { rights: { customer: ['contact-edit'] } } as const;
const contactAdmin = { rights: { customer: ['contact-admin'] } } as const;
const tags = ['contacts'];

const callerOf = async (request: FastifyRequest): Promise<ContactsCaller> => ({
  actor: actorOf(request),
  rights: await request.rights(),
});

/** Contacts of DESIGN.md §4: the list, one contact, create, edit, delete, call list, technical e-mails. */
export const contactRoutes: FastifyPluginAsyncZod<{ contacts: ContactsService }> = async (
  app,
  { contacts },
) => {
  const base = '/api/v2/customer/:customer_id/contacts';

  app.get(
    base,
    {
      config: { access: contactRead },
      schema: {
        tags,
        operationId: 'listContacts',
        summary: "The customer's contacts by last name",
        description: 'Keyset paging: the next page is in the Link header (rel="next").',
        params: customerParamsSchema,
        querystring: contactListQuerySchema,
        response: { 200: z.array(contactSummarySchema).describe('One page of contacts') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const customerId = request.params.customer_id;
      const { items, nextCursor } = await contacts.list(customerId, request.query);
      setNextLink(request, reply, `/api/v2/customer/${customerId}/contacts`, nextCursor);
      return items;
    },
  );

  app.post(
    base,
    {
      config: { access: contactEdit },
      schema: {
        tags,
        operationId: 'createContact',
        summary: 'Add a contact',
        description:
          'Phone numbers are stored in their international form; an e-mail address is unique within the customer (409 CONTACT_EMAIL_TAKEN). `internal_note` is for staff only (403 INTERNAL_NOT_ALLOWED).',
        params: customerParamsSchema,
        body: contactInputSchema,
        response: { 201: contactSchema.describe('The contact, created') },
      },
    },
    async (request, reply) => {
      const contact = await contacts.create(
        await callerOf(request),
        request.params.customer_id,
        request.body,
      );
      return reply.code(201).send(contact);
    },
  );

  app.get(
    `${base}/call-list`,
    {
      config: { access: contactRead },
      schema: {
        tags,
        operationId: 'getCallList',
        summary: 'The call list: technical contacts to call during an incident, in order',
        params: customerParamsSchema,
        response: {
          200: z.array(contactSummarySchema).describe('The contacts on the call list, first first'),
        },
      },
    },
    async (request) => contacts.callList(request.params.customer_id),
  );

  app.put(
    `${base}/call-list`,
    {
      config: { access: contactEdit },
      schema: {
        tags,
        operationId: 'setCallList',
        summary: 'Replace the call list with these contacts in this order',
        description:
          'A contact of another customer is not found (404 CONTACT_NOT_FOUND). A contact added to the list with neither a phone nor a mobile number cannot be called: 422 CALL_LIST_NO_NUMBER names the first such contact, and nothing is stored (one already on the list may stay).',
        params: customerParamsSchema,
        body: callListInputSchema,
        response: {
          200: z.array(contactSummarySchema).describe('The new call list'),
          422: problemSchema.describe('A contact added to the list has no phone or mobile number'),
        },
      },
    },
    async (request) =>
      contacts.setCallList(await callerOf(request), request.params.customer_id, request.body),
  );

  app.get(
    `${base}/technical-emails`,
    {
      config: { access: contactRead },
      schema: {
        tags,
        operationId: 'getTechnicalEmails',
        summary: 'The addresses that receive technical notices',
        params: customerParamsSchema,
        response: { 200: technicalEmailListSchema.describe('The technical e-mail list') },
      },
    },
    async (request) => contacts.technicalEmails(request.params.customer_id),
  );

  app.put(
    `${base}/technical-emails`,
    {
      config: { access: contactEdit },
      schema: {
        tags,
        operationId: 'setTechnicalEmails',
        summary: 'Replace the technical e-mail list',
        params: customerParamsSchema,
        body: technicalEmailsSchema,
        response: { 200: technicalEmailListSchema.describe('The new technical e-mail list') },
      },
    },
    async (request) =>
      contacts.setTechnicalEmails(await callerOf(request), request.params.customer_id, request.body),
  );

  app.get(
    `${base}/:contact_id`,
    {
      config: { access: contactRead },
      schema: {
        tags,
        operationId: 'getContact',
        summary: 'One contact',
        description:
          'A contact of another customer is not found (404). `internal_note` only in answers to staff.',
        params: contactParamsSchema,
        response: { 200: contactSchema.describe('The contact') },
      },
    },
    async (request) =>
      contacts.detail(await callerOf(request), request.params.customer_id, request.params.contact_id),
  );

  app.put(
    `${base}/:contact_id`,
    {
      config: { access: contactEdit },
      schema: {
        tags,
        operationId: 'updateContact',
        summary: 'Replace a contact',
        description:
          "Changing a user's roles needs user-admin, never one's own (403 OWN_ROLES_NOT_ALLOWED); the last owner keeps the owner role (409 LAST_OWNER).",
        params: contactParamsSchema,
        body: contactInputSchema,
        response: { 200: contactSchema.describe('The contact, updated') },
      },
    },
    async (request) =>
      contacts.update(
        await callerOf(request),
        request.params.customer_id,
        request.params.contact_id,
        request.body,
      ),
  );

  app.delete(
    `${base}/:contact_id`,
    {
      config: { access: contactAdmin },
      schema: {
        tags,
        operationId: 'deleteContact',
        summary: 'Delete a contact',
        description:
          "A user's login loses its rights in this customer on its next request. The last owner stays (409 LAST_OWNER).",
        params: contactParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await contacts.remove(await callerOf(request), request.params.customer_id, request.params.contact_id);
      return reply.code(204).send(null);
    },
  );
};
