// What needs attention among a customer's servers, without zod, for the web app as well as the API.
// Apart from trend-rules.ts, which every page's start carries (the trends route's validateSearch).

/** A load of this much per minute, or CPU at this %, marks a server as busy on the overview. */
export const HIGH_CPU_PERCENT = 85;

/** What needs attention on the server overview and the dashboard (its filters `?show=`). */
export const serverAttentions = ['offline', 'busy'] as const;
export type ServerAttention = (typeof serverAttentions)[number];

/**
 * Offline: the landscape says so. Busy (sustained high load): the mean CPU of the last 15 minutes is at
 * or above HIGH_CPU_PERCENT, so one busy minute is no alarm. Otherwise null.
 */
export function serverAttention(server: {
  status: string;
  current: { cpu_15m: number | null } | null;
}): ServerAttention | null {
  if (server.status === 'offline') return 'offline';
  const cpu = server.current?.cpu_15m;
  return cpu !== null && cpu !== undefined && cpu >= HIGH_CPU_PERCENT ? 'busy' : null;
}
