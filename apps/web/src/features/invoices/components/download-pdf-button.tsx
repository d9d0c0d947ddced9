import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDownloadInvoice } from '../api/use-download-invoice.ts';

/** Downloads an invoice's PDF; a failure is said next to the button. */
export function DownloadPdfButton({
  customerId,
  number,
  compact = false,
}: {
  customerId: number;
  number: string;
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
        onClick={() => download.mutate({ number })}
        aria-label={t('administration.invoices.downloadPdfOf', { number })}
      >
        {t('administration.invoices.pdf')}
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
