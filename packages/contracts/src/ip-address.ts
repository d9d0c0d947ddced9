/**
 * Strict parsing of IP addresses and prefixes as landscape ids carry them (`10.20.0.5/24`,
 * `2a05:d018:1a0::/64`). Whatever passes here is accepted by PostgreSQL's inet and cidr types, so a
 * malformed id is a 400 or 404, never a failing cast.
 */

export interface ParsedAddress {
  family: 4 | 6;
  /** The address as a number (32 or 128 bits). */
  value: bigint;
  /** Prefix length; undefined when the text had none. */
  length: number | undefined;
}

const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!IPV4_PART.test(part) || Number(part) > 255) return undefined;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseIpv6(text: string): bigint | undefined {
  if (text.length > 45) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string): bigint[] | undefined => {
    if (half === '') return [];
    const parts = half.split(':');
    const groups: bigint[] = [];
    for (const [index, part] of parts.entries()) {
      // An embedded IPv4 address may end the text (::ffff:10.0.0.1).
      if (index === parts.length - 1 && part.includes('.')) {
        const v4 = parseIpv4(part);
        if (v4 === undefined) return undefined;
        groups.push(v4 >> 16n, v4 & 0xffffn);
      } else if (IPV6_GROUP.test(part)) {
        groups.push(BigInt(`0x${part}`));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  // An embedded IPv4 address only at the end: a dot in the head is refused unless there is no tail.
  if (halves.length === 2 && halves[0]?.includes('.')) return undefined;
  const groups = [...head, ...Array<bigint>(missing).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** `address` or `address/length`, IPv4 or IPv6; undefined when it is not one. */
export function parseAddress(text: string): ParsedAddress | undefined {
  const slash = text.indexOf('/');
  const host = slash === -1 ? text : text.slice(0, slash);
  const lengthText = slash === -1 ? undefined : text.slice(slash + 1);
  const v4 = parseIpv4(host);
  const family: 4 | 6 | undefined = v4 !== undefined ? 4 : host.includes(':') ? 6 : undefined;
  const value = v4 ?? (family === 6 ? parseIpv6(host) : undefined);
  if (family === undefined || value === undefined) return undefined;
  let length: number | undefined;
  if (lengthText !== undefined) {
    if (!/^(0|[1-9]\d{0,2})$/.test(lengthText)) return undefined;
    length = Number(lengthText);
    if (length > (family === 4 ? 32 : 128)) return undefined;
  }
  return { family, value, length };
}

/** A network prefix: an address with a length and no bits set after it (`10.20.0.0/24`). */
export function parsePrefix(text: string): ParsedAddress | undefined {
  const parsed = parseAddress(text);
  if (!parsed || parsed.length === undefined) return undefined;
  const width = parsed.family === 4 ? 32n : 128n;
  const hostBits = width - BigInt(parsed.length);
  const hostMask = (1n << hostBits) - 1n;
  return (parsed.value & hostMask) === 0n ? parsed : undefined;
}
