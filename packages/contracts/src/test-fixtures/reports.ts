import type { SlaReport } from '../reports.ts';

/**
 * Report fixtures shared by the tests of the API (the PDF and CSV) and of the web app (the report
 * screen), so both check the same report. Only tests import this (test-fixtures.test.ts checks it).
 */

/**
 * The tester's SLA-2026-10: every application met its target (no credit), but ticket #10014 (priority
 * 1) missed its 8 h resolution target, opened 06:41 UTC (07:41 in Amsterdam); made 22:04 UTC on
 * 1 November (23:04 in Amsterdam).
 */
export const slaReport: SlaReport = {
  kind: 'sla',
  display_id: 'SLA-2026-10',
  period: '2026-10',
  generated_at: '2026-11-01T22:04:00Z',
  applications: [
    {
      name: 'Webwinkel',
      target: 99.9,
      uptime: 99.95,
      met: true,
      downtime_minutes: 20,
      service_credit_percent: 0,
    },
  ],
  incidents: [
    {
      ticket_id: 10_014,
      subject: 'Kassakoppeling geeft time-outs',
      priority: 1,
      created_at: '2026-10-27T06:41:00Z',
      response_minutes: 25,
      response_target_minutes: 60,
      response_met: true,
      resolution_minutes: 1477,
      resolution_target_minutes: 480,
      resolution_met: false,
    },
  ],
  service_credit_percent: 0,
};

const incident = slaReport.incidents[0] as SlaReport['incidents'][number];
const application = slaReport.applications[0] as SlaReport['applications'][number];

/** The same month with #10014 resolved in 5 h: every target met. */
export const slaReportAllMet: SlaReport = {
  ...slaReport,
  incidents: [{ ...incident, resolution_minutes: 300, resolution_met: true }],
};

/** The same month with Webwinkel at 99.5 % against 99.9 %: 10 % service credit. */
export const slaReportWithCredit: SlaReport = {
  ...slaReport,
  applications: [{ ...application, uptime: 99.5, met: false, service_credit_percent: 10 }],
  service_credit_percent: 10,
};
