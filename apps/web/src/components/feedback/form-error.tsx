import { Alert, Stack } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { isSessionExpired } from '../../lib/api-client.ts';
import { SignInAgainButton, useApiErrorText } from './page-states.tsx';

// Apart from page-states.tsx, which the start loads: only the screens with forms need these.

/**
 * Why a save failed, for the form as a whole (above its submit button); after a 401, with the way to
 * sign in again instead of a retry that cannot succeed. Focusable (not in the tab order): after a
 * refusal that blames no field, the focus goes here (`ref`).
 */
export function FormError({
  message,
  sessionExpired,
  title,
  ref,
}: {
  message: ReactNode;
  sessionExpired: boolean;
  title?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  if (!message) return null;
  return (
    <Alert ref={ref} color="red" variant="light" role="alert" tabIndex={-1} title={title}>
      <Stack gap="xs" align="flex-start">
        {message}
        {sessionExpired && <SignInAgainButton />}
      </Stack>
    </Alert>
  );
}

/**
 * A failed action's error as a message (`FormError`), or nothing when there is none: the translated
 * reason, with sign-in-again after a 401.
 */
export function SaveFailed({ error, title }: { error: unknown; title?: string }) {
  const errorText = useApiErrorText();
  if (error === null || error === undefined) return null;
  return <FormError message={errorText(error)} sessionExpired={isSessionExpired(error)} title={title} />;
}
