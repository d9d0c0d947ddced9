import { crosscheckFigures, crosscheckToBill, type DisplayLanguage } from '@portaal/contracts';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv.ts';
import type { CrosscheckRecord } from './crosschecks.repo.ts';

const headers: Record<DisplayLanguage, string[]> = {
  en: [
    'month',
    'customer_id',
    'accounting_id',
    'customer',
    'subtype',
    'unit',
    'billed',
    'used',
    'difference',
    'to_bill',
    'status',
  ],
  nl: [
    'maand',
    'klantnummer',
    'debiteurnummer',
    'klant',
    'subtype',
    'eenheid',
    'gefactureerd',
    'gebruikt',
    'verschil',
    'te_factureren',
    'status',
  ],
};

/** A name a spreadsheet would run as a formula (=, +, -, @, tab, CR) is read as text instead. */
const spreadsheetSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const crosscheckFileName = (month: string, subtype: string, language: DisplayLanguage) =>
  `crosscheck-${month}-${subtype}-${language}.csv`;

/**
 * The export for the accounting system, one line per customer of one subtype. As the reports' CSV:
 * Dutch uses `;` and a decimal comma, English `,` and a decimal point; both start with a byte order
 * mark (so Excel reads UTF-8). Statuses stay the API's codes, so a program can read them.
 */
export function crosscheckCsv(
  month: string,
  records: readonly (CrosscheckRecord & { accounting_id: string | null })[],
  language: DisplayLanguage,
): Buffer {
  const amount = (value: string) => (language === 'nl' ? value.replace('.', ',') : value);
  const lines = records.map((record) => {
    const { difference, status } = crosscheckFigures(record.billed, record.used);
    return [
      month,
      String(record.customer_id),
      record.accounting_id ?? '',
      spreadsheetSafe(record.customer_name),
      record.subtype,
      record.unit,
      amount(record.billed),
      amount(record.used),
      amount(difference),
      amount(crosscheckToBill(record.billed, record.used)),
      status,
    ];
  });
  return spreadsheetCsv([[headers[language], ...lines]], language);
}
