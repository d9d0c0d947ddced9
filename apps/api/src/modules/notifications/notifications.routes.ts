import {
  notificationListQuerySchema,
  notificationParamsSchema,
  notificationSchema,
  notificationSummarySchema,
  notificationUpdateSchema,
  outboxListQuerySchema,
  outboxMailSchema,
} from '@portaal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/app-error.ts';
import type { NotificationsService } from './notifications.service.ts';

function caller(request: FastifyRequest): string {
  if (!request.principal) throw unauthenticated();
  return request.principal.sub;
}

/** RFC 8288 next link: the same query with the cursor of the next page. */
function linkNext(reply: FastifyReply, path: string, query: object, cursor: string | undefined) {
  if (!cursor) return;
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && key !== 'cursor') next.set(key, String(value));
  }
  next.set('cursor', cursor);
  reply.header('Link', `<${path}?${next.toString()}>; rel="next"`);
}

/** The caller's notification centre and the staff view of the mail outbox. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];

  app.get(
    '/api/v2/me/notifications',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: "The caller's notifications, newest first",
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema).describe('One page of notifications') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await notifications.list(caller(request), request.query);
      linkNext(reply, '/api/v2/me/notifications', request.query, nextCursor);
      return items;
    },
  );

  app.get(
    '/api/v2/me/notifications/summary',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'getNotificationSummary',
        summary: "The number of the caller's unread notifications",
        response: { 200: notificationSummarySchema.describe('The unread count') },
      },
    },
    async (request) => notifications.summary(caller(request)),
  );

  app.post(
    '/api/v2/me/notifications/read-all',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'markAllNotificationsRead',
        summary: "Mark all the caller's notifications as read",
        response: { 200: notificationSummarySchema.describe('The unread count afterwards (0)') },
      },
    },
    async (request) => notifications.readAll(caller(request)),
  );

  app.patch(
    '/api/v2/me/notifications/:notification_id',
    {
      config: { access: 'login' },
      schema: {
        tags,
        operationId: 'updateNotification',
        summary: 'Mark one notification as read or unread',
        params: notificationParamsSchema,
        body: notificationUpdateSchema,
        response: { 200: notificationSchema.describe('The notification as saved') },
      },
    },
    async (request) =>
      notifications.setRead(caller(request), request.params.notification_id, request.body.read),
  );

  app.get(
    '/api/admin/v2/outbox',
    {
      config: { access: { rights: { global: ['mailing-read'] } } },
      schema: {
        tags: ['admin'],
        operationId: 'listOutboxMails',
        summary: 'Mails the portal sent or keeps in its outbox, newest first',
        querystring: outboxListQuerySchema,
        response: { 200: z.array(outboxMailSchema).describe('One page of mails') },
        responseHeaders: { 200: ['Link'] },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await notifications.outbox(request.query);
      linkNext(reply, '/api/admin/v2/outbox', request.query, nextCursor);
      return items;
    },
  );
};
