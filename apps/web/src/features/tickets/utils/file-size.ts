/** File sizes as people read them: bytes, KB or MB (1024-based, units kept literal like SPEC.md §9's). */
export function formatFileSize(bytes: number, language: string): string {
  const locale = language.startsWith('nl') ? 'nl-NL' : 'en-GB';
  const format = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, 1)} KB`;
  // Two decimals for megabytes: a file of 20.03 MB next to "larger than 20 MB" must not read "20 MB".
  return `${format(bytes / (1024 * 1024), 2)} MB`;
}
