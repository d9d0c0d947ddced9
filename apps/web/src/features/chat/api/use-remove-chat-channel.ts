import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { chatQueries } from './chat-queries.ts';

/** DELETE chat-channels/{id}. */
export function useRemoveChatChannel(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<void, ApiError | Error, number>({
    mutationFn: (channelId) =>
      dataOf(
        api.DELETE('/api/v2/customer/{customer_id}/chat-channels/{channel_id}', {
          params: { path: { customer_id: customerId, channel_id: channelId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueries.customer(customerId) }),
  });
}
