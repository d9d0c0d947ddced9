import type { Me, MeUpdate } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { meQueries } from './me-queries.ts';

/** PUT /api/v2/me: the language preference, applied at every sign-in. */
export function useUpdateLanguage() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Me, ApiError | Error, MeUpdate>({
    mutationFn: (update) => dataOf(api.PUT('/api/v2/me', { body: update })),
    onSuccess: (me) => queryClient.setQueryData(meQueries.profile(api).queryKey, me),
  });
}
