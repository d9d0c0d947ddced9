import { Alert, Button, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInAgainButton } from '../../../components/feedback/page-states.tsx';
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

/**
 * A form-level error above the submit button; after a 401, with the way to sign in again. Focusable
 * (not in the tab order): after a refusal that blames no field, the focus goes here.
 */
function FormError({
  message,
  sessionExpired,
  ref,
}: {
  message: string | undefined;
  sessionExpired: boolean;
  ref: Ref<HTMLDivElement>;
}) {
  if (!message) return null;
  return (
    <Alert ref={ref} color="red" variant="light" role="alert" tabIndex={-1}>
      <Stack gap="xs" align="flex-start">
        {message}
        {sessionExpired && <SignInAgainButton />}
      </Stack>
    </Alert>
  );
}

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
