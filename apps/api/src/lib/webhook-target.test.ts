import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  checkWebhookUrl,
  classifyAddress,
  postWebhook,
  TargetRefusedError,
} from './webhook-target.ts';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.1', 'private'],
    ['255.255.255.255', 'private'],
    ['::', 'private'],
    ['fe80::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['fd00::1', 'private'],
    ['fc12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:808:808', 'public'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:a00:1::1', 'private'],
    ['ff02::1', 'private'],
    ['not an address', 'private'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('allows loopback only when configured, private only with any', () => {
    expect([
      addressAllowed('127.0.0.1', 'public'),
      addressAllowed('127.0.0.1', 'loopback'),
      addressAllowed('10.0.0.1', 'loopback'),
      addressAllowed('10.0.0.1', 'any'),
      addressAllowed('8.8.8.8', 'public'),
    ]).toEqual([false, true, false, true, true]);
  });
});

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof TargetRefusedError ? error.reason : `other: ${String(error)}`;
  }
};

describe('checkWebhookUrl', () => {
  it('refuses http, loopback, private and link-local targets in production (public)', async () => {
    expect(await reason(checkWebhookUrl('http://8.8.8.8/hook', 'public'))).toBe(
      'must be an https:// address',
    );
    expect(await reason(checkWebhookUrl('https://8.8.8.8/hook', 'public'))).toBe('accepted');
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://[::ffff:192.168.0.1]/hook',
      'https://0x7f.1/hook',
      'https://2130706433/hook',
    ]) {
      expect(await reason(checkWebhookUrl(url, 'public')), url).toMatch(/private, loopback or link-local/);
    }
  });

  it('with loopback allows http to loopback (tests) and still refuses private networks', async () => {
    expect(await reason(checkWebhookUrl('http://127.0.0.1:9/hook', 'loopback'))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://localhost:9/hook', 'loopback'))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://192.168.1.1/hook', 'loopback'))).toMatch(/private/);
    expect(await reason(checkWebhookUrl('http://192.168.1.1/hook', 'any'))).toBe('accepted');
  });

  it('refuses a host that does not resolve', async () => {
    expect(await reason(checkWebhookUrl('https://no-such-host.invalid/hook', 'public'))).toBe(
      'names a host that cannot be found',
    );
  });
});

describe('postWebhook', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function serve(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const options = { targets: 'loopback' as const, timeoutMs: 2000, userAgent: 'test' };

  it('posts JSON and follows a 307 to another allowed target', async () => {
    const bodies: string[] = [];
    const final = await serve((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        bodies.push(`${request.method} ${request.headers['content-type']} ${text}`);
        response.end('ok');
      });
    });
    const first = await serve((_request, response) => {
      response.writeHead(307, { location: `${final}/moved` });
      response.end();
    });
    expect(await postWebhook(`${first}/hook`, { text: 'hi' }, options)).toEqual({ status: 200, body: 'ok' });
    expect(bodies).toEqual(['POST application/json; charset=utf-8 {"text":"hi"}']);
  });

  it('refuses a redirect to a private or link-local address without connecting to it', async () => {
    for (const location of [
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/x',
    ]) {
      const base = await serve((_request, response) => {
        response.writeHead(308, { location });
        response.end();
      });
      expect(await reason(postWebhook(`${base}/hook`, {}, options)), location).toMatch(/private/);
    }
  });

  it('refuses a name that resolves to loopback when only public targets are allowed', async () => {
    const base = await serve((_request, response) => response.end('ok'));
    const port = new URL(base).port;
    const refused = postWebhook(`https://localhost:${port}/hook`, {}, { ...options, targets: 'public' });
    expect(await reason(refused)).toMatch(/private, loopback or link-local/);
  });

  it('does not follow a 301 or 302: the answer is the redirect itself', async () => {
    const base = await serve((_request, response) => {
      response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
      response.end();
    });
    expect((await postWebhook(`${base}/hook`, {}, options)).status).toBe(302);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const base = await serve(() => {});
    await expect(postWebhook(`${base}/hook`, {}, { ...options, timeoutMs: 300 })).rejects.toThrow(
      /no answer within 300 ms/,
    );
  });
});
