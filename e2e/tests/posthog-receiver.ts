import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One event as posthog-js sends it (in a batch or alone). */
export interface ReceivedEvent {
  event: string;
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
  /** Arrival time at the receiver (ms since epoch). */
  receivedAt: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  body: unknown;
  receivedAt: number;
}

/** Feature flags the receiver answers, in the /flags v2 shape (a payload travels as JSON text). */
export const TEST_FLAGS = {
  'portal-banner': {
    key: 'portal-banner',
    enabled: true,
    variant: null,
    reason: { code: 'condition_match', condition_index: 0, description: 'Matched condition set 1' },
    metadata: { id: 1, version: 1, payload: '{"text":"Maintenance on Sunday"}' },
  },
  'plain-flag': {
    key: 'plain-flag',
    enabled: true,
    variant: null,
    reason: { code: 'condition_match', condition_index: 0, description: 'Matched condition set 1' },
    metadata: { id: 2, version: 1 },
  },
} as const;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes what posthog-js posts: JSON, gzip (compression=gzip-js) or base64 in a form (compression=base64). */
export function decodeBody(raw: Buffer, url: URL): unknown {
  if (raw.length === 0) return undefined;
  let text: string;
  if (raw[0] === 0x1f && raw[1] === 0x8b) text = gunzipSync(raw).toString('utf8');
  else text = raw.toString('utf8');
  if (url.searchParams.get('compression') === 'base64' || text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? '';
    text = Buffer.from(data, 'base64').toString('utf8');
  }
  return JSON.parse(text);
}

function eventsOf(body: unknown): Omit<ReceivedEvent, 'receivedAt'>[] {
  if (Array.isArray(body)) return body as ReceivedEvent[];
  if (body && typeof body === 'object') {
    if ('batch' in body && Array.isArray(body.batch)) return body.batch as ReceivedEvent[];
    if ('event' in body) return [body as ReceivedEvent];
  }
  return [];
}

/**
 * A stand-in for PostHog on the loopback interface: answers remote config and feature flags, and keeps
 * every request and event it receives (/e/, /i/v0/e/, /batch/, /flags/, /decide/).
 */
export async function startPosthogReceiver(port: number) {
  const requests: ReceivedRequest[] = [];
  const events: ReceivedEvent[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    const receivedAt = Date.now();
    let body: unknown;
    try {
      body = decodeBody(await readBody(request), url);
    } catch (error) {
      body = { undecodable: String(error) };
    }
    requests.push({ method: request.method ?? '', path: url.pathname, body, receivedAt });
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(value));

    if (/^\/array\/[^/]+\/config$/.test(url.pathname)) {
      json(200, {
        token: url.pathname.split('/')[2],
        hasFeatureFlags: true,
        supportedCompression: ['gzip-js'],
      });
    } else if (/^\/(flags|decide)\/?$/.test(url.pathname)) {
      json(200, { flags: TEST_FLAGS, errorsWhileComputingFlags: false, requestId: 'e2e' });
    } else if (/^\/(e|i\/v0\/e|batch|capture|track)\/?$/.test(url.pathname)) {
      for (const event of eventsOf(body)) events.push({ ...event, receivedAt });
      json(200, { status: 1 });
    } else {
      json(404, { detail: 'not a PostHog endpoint of this receiver' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    requests,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PosthogReceiver = Awaited<ReturnType<typeof startPosthogReceiver>>;
