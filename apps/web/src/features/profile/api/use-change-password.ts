import type { PasswordChange } from '@portaal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';

/** POST /api/v2/password (dev IdP only): 204 on success. */
export function useChangePassword() {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, PasswordChange>({
    mutationFn: (body) => dataOf(api.POST('/api/v2/password', { body })),
  });
}
