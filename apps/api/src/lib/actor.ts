import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './app-error.ts';

/** Who acts in a request, for the audit log. */
export interface Actor {
  id: string;
  name: string;
  requestId: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  const name = [principal.givenName, principal.familyName].filter(Boolean).join(' ') || principal.username;
  return { id: principal.sub, name, requestId: request.id };
}

/** JSON with object keys sorted, so that the same value always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of a value's canonical JSON: idempotent upserts compare pushes by it. */
export const contentHash = (value: unknown): string =>
  createHash('sha256').update(canonical(value)).digest('hex');

/**
 * A short before/after summary of the fields that differ between two flat records, for an audit
 * event: `amount_due: 121.00 → 0.00; payment_date: – → 2026-11-20`.
 */
export function changeSummary(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  max = 500,
): string {
  if (!before) return 'created';
  const show = (value: unknown) =>
    value === null || value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
  const changes = Object.keys(after)
    .filter((key) => canonical(before[key]) !== canonical(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
  const summary = changes.join('; ');
  return summary.length > max ? `${summary.slice(0, max - 1)}…` : summary;
}
