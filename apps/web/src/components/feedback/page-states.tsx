import { Alert, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsStaff, useSession } from '../../app/session.ts';
import { ApiError, isSessionExpired } from '../../lib/api-client.ts';
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

/**
 * A detail screen's object that is not there: the API answered 404, or 400 because the address's id
 * is not one it reads ('/administration/invoices/NOPE'). Asking again cannot change either.
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The API's own words for what is missing ("This invoice does not exist…"), or the general text. */
function useNotFoundText(error: unknown) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const specific = error instanceof ApiError && error.status === 404 && error.code !== 'NOT_FOUND';
  return specific ? errorText(error) : t('common.notFoundText');
}

/** A detail screen whose object does not exist, or that the user cannot see: a heading, why, no retry. */
export function NotFoundState({ error, back }: { error: unknown; back: ReactNode }) {
  const { t } = useTranslation();
  const text = useNotFoundText(error);
  return (
    <Stack gap="md" align="flex-start" data-testid="detail-not-found">
      {back}
      <Title order={1}>{t('common.notFoundTitle')}</Title>
      <Text>{text}</Text>
    </Stack>
  );
}

/** An API error as text in the user's words: staff get the general text meant for the provider. */
export function useApiErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const staff = useIsStaff();
  return (error) => apiErrorText(error, t, staff);
}

/**
 * After a 401: signing in again is a full redirect to the IdP and back to this address. What was typed
 * on the page is not kept.
 */
export function SignInAgainButton() {
  const { t } = useTranslation();
  const { auth } = useSession();
  return (
    <Button size="compact-sm" onClick={() => void auth.login(window.location.href)}>
      {t('errors.sign_in_again', { ns: 'global' })}
    </Button>
  );
}

/**
 * Something could not load: the translated reason and a way to try again, or to sign in again when the
 * session expired. What is not there (a 404, or `notFound`) says so, without the retry.
 */
export function LoadFailed({
  error,
  onRetry,
  notFound = error instanceof ApiError && error.status === 404,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  notFound?: boolean;
  /** What could not load, when the screen names it (SPEC.md's own messages); else the general title. */
  title?: string;
}) {
  const { t } = useTranslation();
  const notFoundText = useNotFoundText(error);
  const errorText = useApiErrorText();
  if (notFound) {
    return (
      <Alert color="yellow" variant="light" title={t('common.notFoundTitle')} role="alert">
        <Text size="sm">{notFoundText}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={title ?? t('common.loadFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        {isSessionExpired(error) ? (
          <SignInAgainButton />
        ) : (
          <Button size="compact-sm" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
