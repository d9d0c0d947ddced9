import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useDownloadReport } from '../api/use-download-report.ts';

/** PDF and CSV of one report in the reader's language; SPEC.md §8's message when a download fails. */
export function ReportDownloads({ customerId, displayId }: { customerId: number; displayId: string }) {
  const { t, i18n } = useTranslation('usage');
  const download = useDownloadReport(customerId);
  const language = currentLanguage(i18n);
  const pending = download.isPending ? download.variables?.format : undefined;
  return (
    <div>
      <Group gap="xs">
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            size="compact-sm"
            variant="default"
            loading={pending === format}
            onClick={() => download.mutate({ displayId, format, language })}
            aria-label={t(`reports.download.${format}Of`, { id: displayId })}
          >
            {t(`reports.download.${format}`)}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" mt="xs" role="alert">
          {t('errors.download_failed', { ns: 'global' })}
        </Alert>
      )}
    </div>
  );
}
