import { Badge, Group, Progress, Text } from '@mantine/core';
import { type MailingProgress, type MailingStatus, mailingPercent } from '@portaal/contracts/mailings';
import { useTranslation } from 'react-i18next';
import classes from './mailings.module.css';

const colors: Record<MailingStatus, string> = {
  draft: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

export function MailingStatusBadge({ status }: { status: MailingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light" data-testid="mailing-status" className={classes.badge}>
      {t(`mailings.status.${status}`)}
    </Badge>
  );
}

/** "12 of 40 sent" with a bar; failed ones named when there are any. */
export function MailingProgressBar({ progress }: { progress: MailingProgress }) {
  const { t } = useTranslation();
  const label = t('mailings.progress.count', { sent: progress.sent, total: progress.total });
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" data-testid="mailing-progress">
          {label}
        </Text>
        {progress.failed > 0 && (
          <Text size="sm" c="red">
            {t('mailings.progress.failed', { count: progress.failed })}
          </Text>
        )}
      </Group>
      <Progress
        value={mailingPercent(progress)}
        mt={4}
        aria-label={label}
        animated={progress.status === 'sending'}
      />
    </div>
  );
}
