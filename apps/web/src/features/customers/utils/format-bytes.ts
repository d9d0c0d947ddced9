import { formatQuantity, type Language } from '../../../lib/format.ts';

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;

/** Storage limits in the literal binary units of SPEC.md §9: TiB from 1 TiB on, GiB below. */
export function formatBytes(bytes: number, language: Language): string {
  return bytes >= TIB
    ? formatQuantity(bytes / TIB, 'TiB', language)
    : formatQuantity(bytes / GIB, 'GiB', language);
}
