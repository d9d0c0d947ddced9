import type { ChatTestResult } from '@portaal/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { chatQueries } from './chat-queries.ts';

/** POST chat-channels/{id}/test: one message now; the list then shows it as the last delivery. */
export function useTestChatChannel(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<ChatTestResult, ApiError | Error, number>({
    mutationFn: (channelId) =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/chat-channels/{channel_id}/test', {
          params: { path: { customer_id: customerId, channel_id: channelId } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatQueries.customer(customerId) }),
  });
}
