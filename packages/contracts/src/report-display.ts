// What a report shows and its files write, beyond the rules: the SLA summary, the portal's time zone,
// the priority names. A module of its own: report-rules.ts is in the web app's initial JS (routes
// validate report ids with it), and every export of a chunk there counts; these are for the report's
// own screen and files only.

import type { DisplayLanguage } from './display-rules.ts';
import type { TicketPriority } from './ticket-rules.ts';

/** What an SLA report's summary says: the targets missed, by kind, and the service credit owed. */
export interface SlaSummary {
  /** Applications whose availability target was missed. */
  availabilityMissed: number;
  /** Incident response and resolution targets missed (an incident can miss both). */
  incidentTargetsMissed: number;
  creditPercent: number;
  /** Every availability target and every incident target met, and no credit owed. */
  allMet: boolean;
}

/**
 * The summary of an SLA report: "all targets met" only when no application missed its availability
 * target and no incident missed its response or resolution target; a target not yet measurable (no
 * uptime, an incident still open) is not missed. The credit follows from availability alone.
 */
export function slaSummary(report: {
  applications: readonly { met: boolean | null }[];
  incidents: readonly { response_met: boolean | null; resolution_met: boolean | null }[];
  service_credit_percent: number;
}): SlaSummary {
  const availabilityMissed = report.applications.filter((app) => app.met === false).length;
  const incidentTargetsMissed = report.incidents.reduce(
    (sum, incident) =>
      sum + (incident.response_met === false ? 1 : 0) + (incident.resolution_met === false ? 1 : 0),
    0,
  );
  const creditPercent = report.service_credit_percent;
  return {
    availabilityMissed,
    incidentTargetsMissed,
    creditPercent,
    allMet: availabilityMissed === 0 && incidentTargetsMissed === 0 && creditPercent <= 0,
  };
}

/**
 * The portal's time zone: the provider and its customers work in the Netherlands. Documents that leave
 * the screen (report PDF and CSV) and the report screen show their times in it, and name it once.
 */
export const PORTAL_TIME_ZONE = 'Europe/Amsterdam';

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
/** DD-MM-YYYY HH:mm (SPEC.md §9) of an instant in a time zone, the portal's unless told. */
export function formatDateTimeInZone(value: Date | string, timeZone: string = PORTAL_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let found = zoneFormatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, found);
  }
  const parts = Object.fromEntries(found.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** SPEC.md §4's priority names, as the ticket screens show them (locales/{en,nl}/support.json `priority`). */
export const ticketPriorityNames: Readonly<
  Record<DisplayLanguage, Readonly<Record<TicketPriority, string>>>
> = {
  en: { 1: 'High', 2: 'Normal', 3: 'Low' },
  nl: { 1: 'Hoog', 2: 'Normaal', 3: 'Laag' },
};

/** "1 High" / "1 Hoog": the number with SPEC.md's name; an unknown number stays bare. */
export const priorityLabel = (priority: number, language: DisplayLanguage): string => {
  const name = ticketPriorityNames[language][priority as TicketPriority];
  return name ? `${priority} ${name}` : String(priority);
};
