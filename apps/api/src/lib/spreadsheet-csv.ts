import type { DisplayLanguage } from '@portaal/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV for spreadsheets, in the reader's language: Dutch spreadsheet programs expect `;` (the comma is
 * their decimal mark) and, to read UTF-8, a byte order mark; English ones a `,` and none. Several tables
 * follow each other with a blank line between.
 */
export function spreadsheetCsv(tables: readonly string[][][], language: DisplayLanguage): Buffer {
  const delimiter = language === 'nl' ? ';' : ',';
  const body = tables
    .map((records) => stringify(records, { delimiter, record_delimiter: '\r\n' }))
    .join('\r\n');
  return Buffer.from(language === 'nl' ? `\uFEFF${body}` : body, 'utf8');
}
