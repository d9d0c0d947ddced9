import { Text } from '@mantine/core';
import type { TicketAttachment } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { useDownloadAttachment } from '../api/use-download-attachment.ts';
import { formatFileSize } from '../utils/file-size.ts';
import { BusyButton } from './busy-button.tsx';
import { Icon } from './icons.tsx';
import classes from './tickets.module.css';

/** The files of one message, each with its size and a download button. */
export function MessageAttachments({
  customerId,
  ticketId,
  attachments,
}: {
  customerId: number;
  ticketId: number;
  attachments: TicketAttachment[];
}) {
  const { t, i18n } = useTranslation('support');
  const download = useDownloadAttachment(customerId, ticketId);
  if (attachments.length === 0) return null;
  return (
    <ul className={classes.files} aria-label={t('attachments.label')}>
      {attachments.map((attachment) => {
        const busy = download.isPending && download.variables?.attachment_id === attachment.attachment_id;
        return (
          <li key={attachment.attachment_id} className={classes.file}>
            <Icon name="paperclip" />
            <Text size="sm" className={classes.fileName}>
              {attachment.file_name}
            </Text>
            <Text size="sm" c="dimmed" className={classes.nowrap}>
              {formatFileSize(attachment.size, i18n.language)}
            </Text>
            <BusyButton
              size="compact-sm"
              variant="default"
              leftSection={<Icon name="download" size={14} />}
              busy={busy}
              aria-label={t('attachments.download', { name: attachment.file_name })}
              onClick={() =>
                download.mutate(attachment, {
                  // SPEC.md §8: the failed download of attachments, as a toast.
                  onError: () =>
                    toast({
                      title: t('errors.download_failed', { ns: 'global' }),
                      description: attachment.file_name,
                      color: 'red',
                    }),
                })
              }
            >
              {t('attachments.downloadShort')}
            </BusyButton>
          </li>
        );
      })}
    </ul>
  );
}
