// Why a check was down and what a maintenance window is, as codes rendered per language (no zod): the
// API's e-mails and chat messages and the web app's availability screen (a lazy chunk) use these.

import { type DisplayLanguage, formatNumber } from './display-rules.ts';

/**
 * Why a check found an application down, stored as a code with its particulars and rendered in the
 * reader's language (the screen, the e-mail, a chat message), never as one language's sentence.
 */
export const checkReasonCodes = [
  'unexpected_status',
  'timeout',
  'connection_refused',
  'host_not_found',
  'connection_lost',
  'tls_failed',
  'network',
] as const;
export type CheckReasonCode = (typeof checkReasonCodes)[number];

export interface CheckReason {
  code: CheckReasonCode;
  /** unexpected_status: status, expected; timeout: timeout_ms; network: detail (the system's error code). */
  params: Record<string, string | number>;
}

/** Planned maintenance of a standard kind, shown in the reader's language. */
export const maintenanceKinds = ['monthly', 'planned'] as const;
export type MaintenanceKind = (typeof maintenanceKinds)[number];

const availabilityTexts: Record<
  DisplayLanguage,
  {
    reasons: Record<CheckReasonCode, (params: CheckReason['params'], language: DisplayLanguage) => string>;
    maintenance: Record<MaintenanceKind, string>;
  }
> = {
  en: {
    reasons: {
      unexpected_status: (p) => `HTTP ${p.status} instead of ${p.expected}`,
      timeout: (p, language) => `No answer within ${formatNumber(Number(p.timeout_ms) / 1000, language)} s`,
      connection_refused: () => 'Connection refused',
      host_not_found: () => 'Host name not found',
      connection_lost: () => 'Connection lost',
      tls_failed: () => 'Secure connection (TLS) failed',
      network: (p) => `Network error (${p.detail ?? 'unknown'})`,
    },
    maintenance: { monthly: 'Monthly maintenance', planned: 'Planned maintenance' },
  },
  nl: {
    reasons: {
      unexpected_status: (p) => `HTTP ${p.status} in plaats van ${p.expected}`,
      timeout: (p, language) =>
        `Geen antwoord binnen ${formatNumber(Number(p.timeout_ms) / 1000, language)} s`,
      connection_refused: () => 'Verbinding geweigerd',
      host_not_found: () => 'Hostnaam niet gevonden',
      connection_lost: () => 'Verbinding verbroken',
      tls_failed: () => 'Beveiligde verbinding (TLS) mislukt',
      network: (p) => `Netwerkfout (${p.detail ?? 'onbekend'})`,
    },
    maintenance: { monthly: 'Maandelijks onderhoud', planned: 'Gepland onderhoud' },
  },
};

/** A check's reason in a language: "HTTP 503 instead of 200", "HTTP 503 in plaats van 200". */
export function describeCheckReason(reason: CheckReason, language: DisplayLanguage): string {
  const text =
    availabilityTexts[language].reasons[reason.code] ?? availabilityTexts[language].reasons.network;
  return text(reason.params, language);
}

/** A maintenance window's text: its kind in the language, then the free text as written. */
export function describeMaintenance(
  window: { kind: MaintenanceKind | null; description: string | null },
  language: DisplayLanguage,
): string {
  const kind = window.kind ? availabilityTexts[language].maintenance[window.kind] : null;
  return [kind, window.description].filter(Boolean).join(': ') || '–';
}
