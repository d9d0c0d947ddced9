import { parseAddress, parsePrefix } from './ip-address.ts';
import { type LandscapeKind, landscapeKinds, numericKinds } from './landscape-rules.ts';

// Apart from landscape-rules.ts: the web app's start reads the kinds, and only a lazily loaded page
// parses ids, which brings the address parser.

export type LandscapeObjectId = { kind: LandscapeKind; key: string };

/**
 * `{kind}/{key}` → kind and key; undefined when it is not an id of this API. Numeric keys are NetBox
 * ids (1 … 2^31-1); ip-addresses keys are an address with or without its length, prefixes keys a
 * network prefix (`prefixes/10.20.0.0/24`).
 */
export function parseObjectId(id: string): LandscapeObjectId | undefined {
  const slash = id.indexOf('/');
  if (slash === -1) return undefined;
  const kind = landscapeKinds.find((candidate) => candidate === id.slice(0, slash));
  const key = id.slice(slash + 1);
  if (!kind) return undefined;
  if (numericKinds.has(kind)) {
    return /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? { kind, key } : undefined;
  }
  if (kind === 'ip-addresses') return parseAddress(key) ? { kind, key } : undefined;
  return parsePrefix(key) ? { kind, key } : undefined;
}
