import { Badge } from '@mantine/core';
import { type CrosscheckStatus, crosscheckStatusColours } from '@portaal/contracts/crosscheck-rules';
import type { DisplayLanguage } from '@portaal/contracts/display-rules';
import { formatUsageAmount, usageTypeLabelKey } from '@portaal/contracts/usage-rules';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/feedback/page-states.tsx';
import { formatMonth } from '../../../lib/format.ts';

/** The status as a badge with its words: never colour alone. */
export function CrosscheckStatusBadge({ status }: { status: CrosscheckStatus }) {
  const { t } = useTranslation('usage');
  return (
    <Badge color={crosscheckStatusColours[status]} variant="light" radius="sm" tt="none" data-status={status}>
      {t(`crosschecks.statuses.${status}`)}
    </Badge>
  );
}

/** A subtype by its usage type label (manhour is labelled hour, SPEC.md §9), its key when unknown. */
export function useSubtypeLabel() {
  const { t } = useTranslation('usage');
  return (subtype: string) => t(`types.${usageTypeLabelKey(subtype)}`, { defaultValue: subtype });
}

/** An amount (a decimal string) in the reader's number format with its unit; hours as hours and minutes. */
export const formatCrosscheckAmount = (
  amount: string,
  unit: string,
  language: DisplayLanguage,
  subtype: string,
) => formatUsageAmount(Number(amount), unit, language, subtype);

/** The month by name in the reader's language, as the document title has it (lib/format.ts). */
export const monthLabel = formatMonth;

/** SPEC.md §8's crosscheck messages (failed to fetch list / details): the app's LoadFailed with them. */
export function CrosscheckLoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry(): void;
}) {
  return (
    <div data-testid="crosscheck-load-failed">
      <LoadFailed title={title} error={error} onRetry={onRetry} />
    </div>
  );
}
