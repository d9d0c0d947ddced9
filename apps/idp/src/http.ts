import { IncomingMessage, type ServerResponse } from 'node:http';

/** oidc-provider's own body limit; nothing the IdP accepts is larger. */
export const BODY_LIMIT = 56 * 1024;

export class BodyTooLargeError extends Error {}

/** Reads a request body that Fastify left unread (the IdP's content-type parser does not consume it). */
export async function readBody(request: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

export function isFormPost(request: IncomingMessage): boolean {
  return (
    request.method === 'POST' &&
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
  );
}

export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  if (!isFormPost(request)) return new URLSearchParams();
  return new URLSearchParams((await readBody(request)).toString('utf8'));
}

/**
 * A request that carries the same headers and socket as the original but a rewritten body. The token,
 * revocation and introspection endpoints get the refresh token unwrapped this way, so oidc-provider
 * reads a stream as usual (instead of a pre-parsed req.body, about which it warns).
 */
export function replayRequest(original: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(original.socket);
  replay.method = original.method;
  replay.url = original.url;
  replay.httpVersion = original.httpVersion;
  replay.httpVersionMajor = original.httpVersionMajor;
  replay.httpVersionMinor = original.httpVersionMinor;
  const headers = { ...original.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  replay.headers = headers;
  // complete marks the message as fully received, so ending it never aborts the shared socket.
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}

export function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = '',
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.statusCode = status;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.setHeader('content-length', String(Buffer.byteLength(body)));
  response.end(body);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  send(
    response,
    status,
    {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
    JSON.stringify(body),
  );
}

export function redirect(response: ServerResponse, status: 302 | 303, location: string): void {
  send(response, status, { location, 'cache-control': 'no-store' });
}
