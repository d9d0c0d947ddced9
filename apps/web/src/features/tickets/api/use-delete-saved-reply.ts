import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { deskQueries } from './desk-queries.ts';

/** DELETE a saved reply (staff editors). */
export function useDeleteSavedReply() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError | Error, number>({
    mutationFn: (id) =>
      dataOf(
        api.DELETE('/api/admin/v2/saved-replies/{saved_reply_id}', {
          params: { path: { saved_reply_id: id } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueries.savedReplies(api).queryKey }),
  });
}
