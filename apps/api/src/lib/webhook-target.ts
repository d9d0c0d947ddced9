import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses a webhook may reach (DESIGN.md §8: a webhook URL must not become a way into the
 * provider's network). `public`: https to public addresses only (production). `loopback`: also
 * http and the loopback interface (tests, the e2e run's local receiver). `any`: also private and
 * link-local networks (a closed network whose chat server is internal).
 */
export type WebhookTargets = 'public' | 'loopback' | 'any';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Everything that is not the public internet: private, link-local, shared, reserved, documentation. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96], // NAT64 may lead to any IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 may embed a private IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address inside an IPv4-mapped IPv6 address, if it is one: `::ffff:10.0.0.1`, or the hex
 * form URLs normalise it to (`[::ffff:a00:1]`). Checked as that IPv4 address.
 */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export type AddressClass = 'public' | 'loopback' | 'private';

/** Whether an IP address is on the public internet, the loopback interface or anything else. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const inner = mappedIpv4(bare);
  if (inner) return classifyAddress(inner);
  const family = isIP(bare);
  if (family === 0) return 'private';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(bare, type)) return 'loopback';
  if (nonPublic.check(bare, type)) return 'private';
  return 'public';
}

export function addressAllowed(address: string, targets: WebhookTargets): boolean {
  const kind = classifyAddress(address);
  if (kind === 'public' || targets === 'any') return true;
  return kind === 'loopback' && targets === 'loopback';
}

/** A webhook address the rules refuse; `reason` is the message shown for the field. */
export class TargetRefusedError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`webhook target refused: ${reason}`);
    this.name = 'TargetRefusedError';
    this.reason = reason;
  }
}

const PRIVATE_MESSAGE = 'must not point at a private, loopback or link-local address';

function assertScheme(url: URL, targets: WebhookTargets) {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && targets !== 'public') return;
  throw new TargetRefusedError('must be an https:// address');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks a webhook address before it is stored: the scheme, and every address its host resolves to
 * (one private address among public ones is enough to refuse: DNS may answer either).
 */
export async function checkWebhookUrl(value: string, targets: WebhookTargets): Promise<void> {
  const url = new URL(value);
  assertScheme(url, targets);
  const host = hostOf(url);
  if (isIP(host)) {
    if (!addressAllowed(host, targets)) throw new TargetRefusedError(PRIVATE_MESSAGE);
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new TargetRefusedError('names a host that cannot be found');
  }
  if (addresses.length === 0) throw new TargetRefusedError('names a host that cannot be found');
  if (!addresses.every(({ address }) => addressAllowed(address, targets))) {
    throw new TargetRefusedError(PRIVATE_MESSAGE);
  }
}

/**
 * The lookup the HTTP client connects through: it resolves the host, refuses when any of its
 * addresses breaks the rules, and hands the checked addresses to the socket. Checking at connect time
 * (not only when the address was saved) is what stops DNS rebinding: the name may point elsewhere by
 * the time a message is posted.
 */
export function guardedLookup(targets: WebhookTargets): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family as 0 | 4 | 6 | undefined })
      .then((addresses) => {
        const refused = addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, targets));
        if (refused) {
          callback(new TargetRefusedError(PRIVATE_MESSAGE), '', 0);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, list: typeof addresses) => void)(null, addresses);
          return;
        }
        const first = addresses[0] as { address: string; family: number };
        callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

export interface PostResult {
  status: number;
  /** The start of the answer, for the delivery's error text. */
  body: string;
}

const MAX_REDIRECTS = 3;

/**
 * POSTs JSON to a webhook under the address rules. Redirects keeping the method (307, 308) are
 * followed up to three times, each target checked like the first; any other redirect is an answer
 * like a 4xx (a webhook does not move with a 301). A refused target throws TargetRefusedError
 * without any connection being made to it.
 */
export async function postWebhook(
  value: string,
  body: unknown,
  options: { targets: WebhookTargets; timeoutMs: number; userAgent: string },
): Promise<PostResult> {
  const payload = Buffer.from(JSON.stringify(body));
  let target = new URL(value);
  for (let hop = 0; ; hop += 1) {
    assertScheme(target, options.targets);
    const host = hostOf(target);
    if (isIP(host) && !addressAllowed(host, options.targets)) throw new TargetRefusedError(PRIVATE_MESSAGE);
    const result = await postOnce(target, payload, options);
    if ((result.status === 307 || result.status === 308) && result.location && hop < MAX_REDIRECTS) {
      target = new URL(result.location, target);
      continue;
    }
    return { status: result.status, body: result.body };
  }
}

function postOnce(
  url: URL,
  payload: Buffer,
  options: { targets: WebhookTargets; timeoutMs: number; userAgent: string },
): Promise<PostResult & { location?: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.targets),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(payload.length),
          'user-agent': options.userAgent,
        },
        // The whole exchange, not only a quiet socket: a receiver that trickles bytes is cut off too.
        signal: AbortSignal.timeout(options.timeoutMs),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start is kept: a receiver's answer is a word or two, never worth a large buffer.
          if (size < 2048) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 500),
            location: typeof response.headers.location === 'string' ? response.headers.location : undefined,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error: Error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${options.timeoutMs} ms`) : error),
    );
    request.end(payload);
  });
}
