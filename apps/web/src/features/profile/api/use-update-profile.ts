import type { Me } from '@portaal/contracts';
import type { ProfileUpdateInput } from '@portaal/contracts/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { meQueries } from './me-queries.ts';

/** PUT /api/v2/me/profile: name and phone numbers, also written to the sign-in service. */
export function useUpdateProfile() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<Me, ApiError | Error, ProfileUpdateInput>({
    mutationFn: (body) => dataOf(api.PUT('/api/v2/me/profile', { body })),
    onSuccess: (me) => queryClient.setQueryData(meQueries.profile(api).queryKey, me),
  });
}
