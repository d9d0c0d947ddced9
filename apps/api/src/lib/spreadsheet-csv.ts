import type { DisplayLanguage } from '@portaal/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV for spreadsheets, in the reader's language: Dutch spreadsheet programs expect `;` (the comma is
 * their decimal mark), English ones a `,`. Both start with a byte order mark: without it Excel reads the
 * file in the system's code page and shows `€` and accented letters as garbage. Several tables follow
 * each other with a blank line between.
 */
export function spreadsheetCsv(tables: readonly string[][][], language: DisplayLanguage): Buffer {
  const delimiter = language === 'nl' ? ';' : ',';
  const body = tables
    .map((records) => stringify(records, { delimiter, record_delimiter: '\r\n' }))
    .join('\r\n');
  return Buffer.from(`\uFEFF${body}`, 'utf8');
}
