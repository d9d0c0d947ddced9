import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type InvoiceFormat, useDownloadInvoice } from '../api/use-download-invoice.ts';

const labels = {
  pdf: { text: 'administration.invoices.pdf', name: 'administration.invoices.downloadPdfOf' },
  ubl: { text: 'administration.invoices.ubl', name: 'administration.invoices.downloadUblOf' },
} as const;

/** Downloads an invoice as PDF or as Peppol e-invoice (UBL); a failure is said next to the button. */
export function DownloadInvoiceButton({
  customerId,
  number,
  format = 'pdf',
  compact = false,
}: {
  customerId: number;
  number: string;
  format?: InvoiceFormat;
  compact?: boolean;
}) {
  const { t } = useTranslation('default');
  const download = useDownloadInvoice(customerId);
  return (
    <>
      <Button
        size={compact ? 'compact-sm' : 'sm'}
        variant="default"
        loading={download.isPending}
        onClick={() => download.mutate({ number, format })}
        aria-label={t(labels[format].name, { number })}
      >
        {t(labels[format].text)}
      </Button>
      {download.isError && (
        <span
          role="alert"
          style={{ color: 'var(--mantine-color-red-text)', fontSize: 'var(--mantine-font-size-sm)' }}
        >
          {t('errors.download_failed', { ns: 'global' })}
        </span>
      )}
    </>
  );
}
