import { Button, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/feedback/form-error.tsx';
import type { FormFeedback } from '../hooks/use-form-feedback.ts';

/** Placeholder lines while something loads; announced once as "Loading…". */
export function LoadingLines({ lines = 4, height = 14 }: { lines?: number; height?: number }) {
  const { t } = useTranslation('support');
  return (
    <Stack gap="sm" role="status" data-testid="tickets-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={index} height={height} width={index % 2 ? '65%' : '90%'} aria-hidden="true" />
      ))}
    </Stack>
  );
}

/** Something could not load: the app's own state (the reason, and a retry or a new sign-in). */
export { LoadFailed as LoadError } from '../../../components/feedback/page-states.tsx';

/** The end of a form: what the server refused that belongs to no field, then the submit button. */
export function FormFooter({
  feedback,
  pending,
  children,
}: {
  feedback: Pick<FormFeedback, 'message' | 'sessionExpired' | 'messageRef'>;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError
        ref={feedback.messageRef}
        message={feedback.message}
        sessionExpired={feedback.sessionExpired}
      />
      <Group>
        <Button type="submit" loading={pending}>
          {children}
        </Button>
      </Group>
    </>
  );
}
