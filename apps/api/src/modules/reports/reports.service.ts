import type { Customer, Report, ReportDownloadQuery, ReportSummary, ReportsQuery } from '@portaal/contracts';
import { notFound } from '../../lib/app-error.ts';
import { reportCsv, reportFileName, reportPdf } from './reports.render.ts';
import type { ReportsRepo } from './reports.repo.ts';

export interface ReportsDeps {
  repo: ReportsRepo;
  customers: { get(customerId: number): Promise<Customer> };
  brandName: string;
}

const reportNotFound = (displayId: string) =>
  notFound('REPORT_NOT_FOUND', `Report ${displayId} does not exist or you cannot see it.`);

/** Kept monthly reports (DESIGN.md §8 Reports); the rights check (usage-report-read) is the route's. */
export function createReportsService({ repo, customers, brandName }: ReportsDeps) {
  async function get(customerId: number, displayId: string): Promise<Report> {
    const row = await repo.get(customerId, displayId);
    if (!row) throw reportNotFound(displayId);
    const { data, ...summary } = row;
    return { ...summary, ...(data as object) } as Report;
  }

  return {
    list: (customerId: number, query: ReportsQuery): Promise<ReportSummary[]> => repo.list(customerId, query),
    get,
    async download(customerId: number, displayId: string, query: ReportDownloadQuery) {
      const report = await get(customerId, displayId);
      const fileName = reportFileName(report, query.format, query.language);
      if (query.format === 'csv') {
        return { bytes: reportCsv(report, query.language), fileName, type: 'text/csv; charset=utf-8' };
      }
      const customer = await customers.get(customerId);
      const bytes = await reportPdf(report, query.language, {
        brandName,
        customerName: customer.display_name,
      });
      return { bytes, fileName, type: 'application/pdf' };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
