import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/error-text.ts';

/** A titled card of the company page; its heading names the region for screen readers. */
export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" align="center" mb="md" gap="xs">
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** Placeholder lines while a section loads; announced once as "Loading…". */
export function SectionSkeleton({ lines = 4 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" data-testid="section-loading">
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={index} height={14} width={index % 2 ? '60%' : '85%'} radius="sm" aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** A section that could not load: the translated reason and a way to try again. */
export function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t('common.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{apiErrorText(error, t)}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

/** Shown for an empty value, so a blank never looks like a loading glitch. */
export function NotRegistered() {
  const { t } = useTranslation();
  return (
    <Text span c="dimmed" fs="italic">
      {t('company.notRegistered')}
    </Text>
  );
}
