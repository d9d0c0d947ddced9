import { Badge, Group, Progress, Text } from '@mantine/core';
import { type MailingProgress, type MailingStatus, mailingShares } from '@portaal/contracts/mailings';
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

/**
 * "5 of 8 delivered" with a bar of the delivered and the failed part (the rest is waiting); the
 * waiting and failed ones named when there are any, so no count is told by colour alone.
 */
export function MailingProgressBar({ progress }: { progress: MailingProgress }) {
  const { t } = useTranslation();
  const label = t('mailings.progress.count', { delivered: progress.delivered, total: progress.total });
  const shares = mailingShares(progress);
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" data-testid="mailing-progress">
          {label}
        </Text>
        <Group gap="xs" wrap="wrap">
          {progress.waiting > 0 && (
            <Text size="sm" c="dimmed" data-testid="mailing-waiting">
              {t('mailings.progress.waiting', { count: progress.waiting })}
            </Text>
          )}
          {progress.failed > 0 && (
            <Text size="sm" className={classes.failed} data-testid="mailing-failed">
              {t('mailings.progress.failed', { count: progress.failed })}
            </Text>
          )}
        </Group>
      </Group>
      <Progress.Root mt={4}>
        <Progress.Section
          value={shares.delivered}
          aria-label={label}
          animated={progress.status === 'sending'}
        />
        {progress.failed > 0 && (
          <Progress.Section
            value={shares.failed}
            color="red"
            aria-label={t('mailings.progress.failedBar', { failed: progress.failed, total: progress.total })}
          />
        )}
      </Progress.Root>
    </div>
  );
}
