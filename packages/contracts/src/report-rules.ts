// The report rules without zod (DESIGN.md §8 Reports), shared by the API, its PDF/CSV and the web app.

export const reportKinds = ['sla', 'usage'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** SLA-2026-10 / USAGE-2026-10 */
export const DISPLAY_ID_PATTERN = /^(SLA|USAGE)-(\d{4}-(0[1-9]|1[0-2]))$/;

export const displayIdOf = (kind: ReportKind, period: string): string => `${kind.toUpperCase()}-${period}`;

export function parseDisplayId(displayId: string): { kind: ReportKind; period: string } | undefined {
  const match = DISPLAY_ID_PATTERN.exec(displayId);
  if (!match?.[1] || !match[2]) return undefined;
  return { kind: match[1] === 'SLA' ? 'sla' : 'usage', period: match[2] };
}

/** Resolution targets of incidents in minutes per priority (1 High, 2 Normal, 3 Low). */
export const defaultResolutionTargetMinutes: Readonly<Record<1 | 2 | 3, number>> = {
  1: 480,
  2: 1440,
  3: 4320,
};

/**
 * The service credit owed for an application's month, in percent of its monthly fee: none when the
 * target is met; 5 % below it, 10 % from half a point below, 25 % from a whole point below.
 */
export function serviceCreditPercent(uptime: number | null, target: number): number {
  if (uptime === null || uptime >= target) return 0;
  const shortfall = target - uptime;
  if (shortfall >= 1) return 25;
  if (shortfall >= 0.5) return 10;
  return 5;
}
