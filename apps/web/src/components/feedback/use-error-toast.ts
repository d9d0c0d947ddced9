import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { isSessionExpired } from '../../lib/api-client.ts';
import { useApiErrorText } from './page-states.tsx';
import { toast } from './toast.tsx';

/**
 * A failed action as a red toast: what failed (`title`) and why, in the audience's words. After a 401
 * the toast stays and offers to sign in again, as SignInAgainButton does: a retry cannot succeed.
 */
export function useErrorToast(): (title: ReactNode, error: unknown) => void {
  const { t } = useTranslation();
  const { auth } = useSession();
  const errorText = useApiErrorText();
  return (title, error) => {
    const expired = isSessionExpired(error);
    toast({
      title,
      description: errorText(error),
      color: 'red',
      ...(expired && {
        timeout: false,
        actions: [
          {
            label: t('errors.sign_in_again', { ns: 'global' }),
            onClick: () => void auth.login(window.location.href),
          },
        ],
      }),
    });
  };
}
