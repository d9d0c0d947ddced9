import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/error-text.ts';

/** Placeholder blocks while something loads; announced once as "Loading…". */
export function LoadingBlocks({ count = 3, height = 90 }: { count?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" data-testid="page-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={index} height={height} aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** Something could not load: the translated reason and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('common.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{apiErrorText(error, t)}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
