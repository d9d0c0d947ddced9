import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Keyset paging (DESIGN.md §3): the next page's URL in an RFC 8288 `Link: <…>; rel="next"` header, the
 * request's own query with the cursor replaced.
 */
export function setNextLink(request: FastifyRequest, reply: FastifyReply, path: string, nextCursor?: string) {
  if (!nextCursor) return;
  const next = new URLSearchParams(request.url.split('?')[1] ?? '');
  next.set('cursor', nextCursor);
  reply.header('Link', `<${path}?${next.toString()}>; rel="next"`);
}
