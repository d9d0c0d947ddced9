import {
  type DisplayLanguage,
  formatDateTimeInZone,
  formatHours,
  formatNumber,
  formatUsageAmount,
  PORTAL_TIME_ZONE,
  priorityLabel,
  type Report,
  type SlaReport,
  slaSummary,
  type UsageReport,
} from '@portaal/contracts';
import { brandHeader, COLORS, createPdf, pageNumbers, pdfBuffer, table } from '../../lib/pdf/index.ts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';

/** The reports' words in both languages (the web app's are in locales/{en,nl}/usage.json). */
const texts = {
  en: {
    sla: 'SLA report',
    usage: 'Usage report',
    period: (month: string) => `Period: ${month}`,
    generated: (at: string) => `Generated ${at}`,
    timeZone: (zone: string) => `Times in ${zone}`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    applications: 'Availability per application',
    incidents: 'Incidents',
    noIncidents: 'No incidents this month.',
    noApplications: 'No applications are monitored.',
    allMet: 'All targets met: no service credit owed.',
    missed: (parts: readonly string[]) => `Not all targets met: ${parts.join(', ')}.`,
    availabilityMissed: (count: number) =>
      count === 1 ? '1 availability target missed' : `${count} availability targets missed`,
    incidentMissed: (count: number) =>
      count === 1 ? '1 incident target missed' : `${count} incident targets missed`,
    credit: (percent: string) => `Service credit owed: ${percent}% of the monthly fee.`,
    noCredit: 'No service credit owed.',
    total: (amount: string) => `Total over quota: € ${amount}`,
    yes: 'met',
    no: 'missed',
    open: 'open',
    columns: {
      application: 'Application',
      target: 'Target',
      uptime: 'Uptime',
      result: 'Result',
      downtime: 'Downtime',
      creditPercent: 'Credit',
      ticket: 'Ticket',
      subject: 'Subject',
      priority: 'Priority',
      created: 'Opened',
      createdIn: (zone: string) => `Opened (${zone})`,
      response: 'Response (target)',
      resolution: 'Resolution (target)',
      specification: 'Specification',
      bought: 'Bought',
      used: 'Used',
      balance: 'Month balance',
      leftOver: 'Left over',
      overQuota: 'Over quota',
      rate: 'Rate',
      perUnit: 'Per unit',
      cost: 'Cost',
    },
  },
  nl: {
    sla: 'SLA-rapportage',
    usage: 'Verbruiksrapportage',
    period: (month: string) => `Periode: ${month}`,
    generated: (at: string) => `Gemaakt ${at}`,
    timeZone: (zone: string) => `Tijden in ${zone}`,
    page: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
    applications: 'Beschikbaarheid per applicatie',
    incidents: 'Incidenten',
    noIncidents: 'Geen incidenten deze maand.',
    noApplications: 'Er worden geen applicaties bewaakt.',
    allMet: 'Alle doelen gehaald: geen servicecredit verschuldigd.',
    missed: (parts: readonly string[]) => `Niet alle doelen gehaald: ${parts.join(', ')}.`,
    availabilityMissed: (count: number) =>
      count === 1 ? '1 beschikbaarheidsdoel niet gehaald' : `${count} beschikbaarheidsdoelen niet gehaald`,
    incidentMissed: (count: number) =>
      count === 1 ? '1 incidentdoel niet gehaald' : `${count} incidentdoelen niet gehaald`,
    credit: (percent: string) => `Verschuldigde servicecredit: ${percent}% van de maandprijs.`,
    noCredit: 'Geen servicecredit verschuldigd.',
    total: (amount: string) => `Totaal boven de bundels: € ${amount}`,
    yes: 'gehaald',
    no: 'niet gehaald',
    open: 'open',
    columns: {
      application: 'Applicatie',
      target: 'Doel',
      uptime: 'Beschikbaarheid',
      result: 'Resultaat',
      downtime: 'Uitval',
      creditPercent: 'Credit',
      ticket: 'Ticket',
      subject: 'Onderwerp',
      priority: 'Prioriteit',
      created: 'Gemeld',
      createdIn: (zone: string) => `Gemeld (${zone})`,
      response: 'Reactie (doel)',
      resolution: 'Oplossing (doel)',
      specification: 'Specificatie',
      bought: 'Afgenomen',
      used: 'Verbruikt',
      balance: 'Maandsaldo',
      leftOver: 'Over',
      overQuota: 'Boven bundel',
      rate: 'Tarief',
      perUnit: 'Per eenheid',
      cost: 'Kosten',
    },
  },
} as const;

const usageLabels: Record<DisplayLanguage, Record<string, string>> = {
  en: {
    manhour: 'Hour',
    consultancy: 'Consultancy hours',
    storage: 'Storage',
    backup: 'Backup storage',
    traffic: 'Data traffic',
    observe_series: 'Observe metric series',
    observe_bytes: 'Observe logs',
  },
  nl: {
    manhour: 'Uur',
    consultancy: 'Consultancy-uren',
    storage: 'Opslag',
    backup: 'Back-upopslag',
    traffic: 'Dataverkeer',
    observe_series: 'Observe-metriekreeksen',
    observe_bytes: 'Observe-logs',
  },
};
const unitLabels: Record<DisplayLanguage, Record<string, string>> = {
  en: { hour: 'hour' },
  nl: { hour: 'uur' },
};

const monthName = (period: string, language: DisplayLanguage) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
};
/** DD-MM-YYYY HH:mm in the portal's time zone, as the report screen shows it; the files name the zone. */
const dateTime = (iso: string) => formatDateTimeInZone(iso, PORTAL_TIME_ZONE);
const moneyFormats: Record<DisplayLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  nl: new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
/** Money "1234.50" in the language's number format with 2 decimals. */
const money = (amount: string, language: DisplayLanguage) => moneyFormats[language].format(Number(amount));
const minutes = (value: number | null, language: DisplayLanguage, none: string) =>
  value === null ? none : formatHours(value / 60, language);
const percent = (value: number | null, language: DisplayLanguage) =>
  value === null ? '–' : `${formatNumber(value, language)}%`;

/** Rows of a report's main table in the reader's language: the same cells in the PDF and the CSV. */
function usageRows(report: UsageReport, language: DisplayLanguage) {
  const c = texts[language].columns;
  const header = [
    c.specification,
    c.bought,
    c.used,
    c.balance,
    c.leftOver,
    c.overQuota,
    c.rate,
    c.perUnit,
    c.cost,
  ];
  const rows = report.items.map((item) => {
    const amount = (value: number) => formatUsageAmount(value, item.unit, language, item.usage_type);
    return [
      `${usageLabels[language][item.usage_type] ?? item.usage_type} (${item.subtype})`,
      amount(item.bought),
      amount(item.used),
      amount(item.month_balance),
      amount(item.left_over),
      amount(item.over_quota),
      `€ ${money(item.rate, language)}`,
      unitLabels[language][item.unit] ?? item.unit,
      `€ ${money(item.cost, language)}`,
    ];
  });
  return { header, rows };
}

/**
 * The SLA report's summary as the screen words it (locales usage.json `reports.summary`): "all targets
 * met" only when every availability and incident target is; otherwise which kinds were missed, and
 * separately whether service credit is owed.
 */
export function slaSummaryLines(report: SlaReport, language: DisplayLanguage): string[] {
  const t = texts[language];
  const summary = slaSummary(report);
  if (summary.allMet) return [t.allMet];
  const parts = [
    ...(summary.availabilityMissed > 0 ? [t.availabilityMissed(summary.availabilityMissed)] : []),
    ...(summary.incidentTargetsMissed > 0 ? [t.incidentMissed(summary.incidentTargetsMissed)] : []),
  ];
  return [
    ...(parts.length > 0 ? [t.missed(parts)] : []),
    summary.creditPercent > 0 ? t.credit(formatNumber(summary.creditPercent, language)) : t.noCredit,
  ];
}

function slaRows(report: SlaReport, language: DisplayLanguage) {
  const t = texts[language];
  const c = t.columns;
  const met = (value: boolean | null) => (value === null ? '–' : value ? t.yes : t.no);
  const applications = {
    header: [c.application, c.target, c.uptime, c.result, c.downtime, c.creditPercent],
    rows: report.applications.map((app) => [
      app.name,
      percent(app.target, language),
      percent(app.uptime, language),
      met(app.met),
      minutes(app.downtime_minutes, language, '–'),
      `${formatNumber(app.service_credit_percent, language)}%`,
    ]),
  };
  const incidents = {
    header: [c.ticket, c.subject, c.priority, c.created, c.response, c.resolution],
    rows: report.incidents.map((incident) => [
      `#${incident.ticket_id}`,
      incident.subject,
      priorityLabel(incident.priority, language),
      dateTime(incident.created_at),
      `${minutes(incident.response_minutes, language, t.open)} (${minutes(incident.response_target_minutes, language, '')}) · ${met(incident.response_met)}`,
      `${minutes(incident.resolution_minutes, language, t.open)} (${minutes(incident.resolution_target_minutes, language, '')}) · ${met(incident.resolution_met)}`,
    ]),
  };
  return { applications, incidents };
}

export const reportFileName = (report: Report, format: 'pdf' | 'csv', language: DisplayLanguage) =>
  `${report.display_id}-${language}.${format}`;

/**
 * The report as CSV for spreadsheets; the SLA report's applications, its summary and its incidents follow
 * each other. Times are in the portal's time zone, named in the column header.
 */
export function reportCsv(report: Report, language: DisplayLanguage): Buffer {
  if (report.kind === 'usage') {
    const { header, rows } = usageRows(report, language);
    return spreadsheetCsv([[header, ...rows]], language);
  }
  const { applications, incidents } = slaRows(report, language);
  const header: string[] = [...incidents.header];
  header[3] = texts[language].columns.createdIn(PORTAL_TIME_ZONE);
  return spreadsheetCsv(
    [
      [applications.header, ...applications.rows],
      slaSummaryLines(report, language).map((line) => [line]),
      [header, ...incidents.rows],
    ],
    language,
  );
}

/** The report as a PDF: brand header, the tables (they break across pages), page numbers. */
export async function reportPdf(
  report: Report,
  language: DisplayLanguage,
  options: { brandName: string; customerName: string },
): Promise<Buffer> {
  const t = texts[language];
  const title = report.kind === 'sla' ? t.sla : t.usage;
  const doc = createPdf({
    title: `${title} ${report.display_id}`,
    author: options.brandName,
    language,
  });
  brandHeader(doc, { brandName: options.brandName, title, subtitle: report.display_id });
  doc.font('bold').fontSize(12).text(options.customerName);
  doc
    .font('regular')
    .fontSize(10)
    .text(t.period(monthName(report.period, language)));
  doc
    .fillColor(COLORS.muted)
    .text(`${t.generated(dateTime(report.generated_at))} · ${t.timeZone(PORTAL_TIME_ZONE)}`)
    .fillColor(COLORS.text);
  doc.moveDown();
  const heading = (text: string) => {
    doc.moveDown(0.5).font('bold').fontSize(12).text(text).moveDown(0.3).font('regular').fontSize(10);
  };
  /** Column shares: the text column wide, the others by how long their headers run. */
  const columns = (header: readonly string[], shares: readonly number[]) =>
    header.map((text, index) => ({
      header: text,
      width: shares[index] ?? 1,
      align: index === 0 || shares[index] === 3 ? ('left' as const) : ('right' as const),
    }));
  if (report.kind === 'usage') {
    const { header, rows } = usageRows(report, language);
    table(doc, {
      columns: columns(header, [2.2, 1.3, 1.3, 1.4, 1.1, 1.3, 1.1, 1.1, 1.1]),
      rows,
      fontSize: 8,
    });
    doc
      .moveDown()
      .font('bold')
      .text(t.total(money(report.total_cost, language)))
      .font('regular');
  } else {
    const { applications, incidents } = slaRows(report, language);
    heading(t.applications);
    if (applications.rows.length)
      table(doc, {
        columns: columns(applications.header, [2.6, 0.9, 1.7, 1.2, 1.2, 0.8]),
        rows: applications.rows,
      });
    else doc.text(t.noApplications);
    doc.moveDown().font('bold');
    for (const line of slaSummaryLines(report, language)) doc.text(line);
    doc.font('regular');
    heading(t.incidents);
    if (incidents.rows.length)
      table(doc, {
        columns: columns(incidents.header, [0.7, 3, 0.9, 1.4, 1.9, 1.9]),
        rows: incidents.rows,
        fontSize: 8,
      });
    else doc.text(t.noIncidents);
  }
  pageNumbers(doc, t.page, `${options.brandName} · ${report.display_id}`);
  return pdfBuffer(doc);
}
