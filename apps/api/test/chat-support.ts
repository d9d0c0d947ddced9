import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local webhook receiver (a Slack or Teams stand-in) on loopback: records every POST and answers
 * what `answer` says for the n-th request (1-based; default 200 "ok"), or a redirect.
 */
export async function startReceiver(
  answer: (n: number, path: string) => { status: number; location?: string; body?: string } = () => ({
    status: 200,
  }),
) {
  const received: Received[] = [];
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      count += 1;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const reply = answer(count, request.url ?? '');
      response.writeHead(reply.status, reply.location ? { location: reply.location } : {});
      response.end(reply.body ?? (reply.status < 300 ? 'ok' : 'no'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    /** Resolves once `n` requests arrived (or rejects after the timeout). */
    async waitFor(n: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
