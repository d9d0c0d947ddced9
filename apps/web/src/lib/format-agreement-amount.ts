import type { AgreementUnit } from '@portaal/contracts/agreements';
import { type DisplayLanguage, displayLocales, formatNumber } from '@portaal/contracts/display-rules';
import type { TFunction } from 'i18next';

/** A decimal string with its unit in the reader's language, as the agreement screens and the audit log show it. */
export function formatAgreementAmount(
  value: string,
  unit: AgreementUnit,
  language: DisplayLanguage,
  t: TFunction,
  { signed = false }: { signed?: boolean } = {},
): string {
  const number = Number(value);
  const text = formatAgreementNumber(value, language);
  const sign = signed && number > 0 ? '+' : '';
  return `${sign}${text} ${t(`agreements.units.${unit}`, { count: Math.abs(number) === 1 ? 1 : 2 })}`;
}

/** SPEC.md §9's number rule, except that totals above 1000 keep their decimals (they are exact). */
export function formatAgreementNumber(decimal: string, language: DisplayLanguage): string {
  const value = Number(decimal);
  if (Math.abs(value) <= 1000) return formatNumber(value, language);
  return new Intl.NumberFormat(displayLocales[language], { maximumFractionDigits: 2 }).format(value);
}
