import { Badge } from '@mantine/core';
import type { InvoiceStatus } from '@portaal/contracts/administration-rules';
import { useTranslation } from 'react-i18next';

const colors: Record<InvoiceStatus, string> = {
  to_pay: 'blue',
  overdue: 'red',
  paid: 'green',
  written_off: 'gray',
};

/** SPEC.md §4 invoice status: to pay, overdue with its days, paid, written off. */
export function InvoiceStatusBadge({
  status,
  overdueDays,
}: {
  status: InvoiceStatus;
  overdueDays: number | null;
}) {
  const { t } = useTranslation('default');
  return (
    <Badge color={colors[status]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {status === 'overdue'
        ? t('administration.invoiceStatus.overdueDays', { count: overdueDays ?? 0 })
        : t(`administration.invoiceStatus.${status}`)}
    </Badge>
  );
}
