import {
  myNotificationChoicesParamsSchema,
  myNotificationChoicesSchema,
  notificationChoicesSchema,
} from '@portaal/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import type { NotificationChoicesService } from './notification-choices.ts';

const tags = ['me'];

/** The caller's own notification choices: login only, and only ever the caller's own contact rows. */
export const notificationChoiceRoutes: FastifyPluginAsyncZod<{
  choices: NotificationChoicesService;
}> = async (app, { choices }) => {
  app.get(
    '/api/v2/me/notification-choices',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'getMyNotificationChoices',
        summary: "The caller's notification choices, per customer",
        description:
          'One entry per customer where the caller is a contact and a member: which events reach them by e-mail and which go to the customer’s chat channels.',
        response: { 200: z.array(myNotificationChoicesSchema).describe('The choices per customer') },
      },
    },
    async (request) => choices.mine(actorOf(request).id),
  );

  app.put(
    '/api/v2/me/notification-choices/:customer_id',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'updateMyNotificationChoices',
        summary: "Save the caller's notification choices in one customer",
        description:
          'Replaces both lists. A customer where the caller is no contact is not found (404 CONTACT_NOT_FOUND): nobody sets another person’s choices here.',
        params: myNotificationChoicesParamsSchema,
        body: notificationChoicesSchema,
        response: { 200: myNotificationChoicesSchema.describe('The choices as saved') },
      },
    },
    async (request) => choices.setMine(actorOf(request), request.params.customer_id, request.body),
  );
};
