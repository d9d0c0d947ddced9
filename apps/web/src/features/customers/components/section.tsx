import { Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
