import type { SavedReply, SavedReplyInput } from '@portaal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { deskQueries } from './desk-queries.ts';

/** POST a new saved reply, or PUT a changed one when it has an id (staff editors). */
export function useSaveSavedReply() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<SavedReply, ApiError | Error, { id?: number; input: SavedReplyInput }>({
    mutationFn: ({ id, input }) =>
      id === undefined
        ? dataOf(api.POST('/api/admin/v2/saved-replies', { body: input }))
        : dataOf(
            api.PUT('/api/admin/v2/saved-replies/{saved_reply_id}', {
              params: { path: { saved_reply_id: id } },
              body: input,
            }),
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskQueries.savedReplies(api).queryKey }),
  });
}
