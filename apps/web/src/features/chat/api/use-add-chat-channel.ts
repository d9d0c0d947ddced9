import type { ChatChannel, ChatChannelInput } from '@portaal/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { chatQueries } from './chat-queries.ts';

/** POST chat-channels. */
export function useAddChatChannel(customerId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<ChatChannel, ApiError | Error, ChatChannelInput>({
    mutationFn: (body) =>
      dataOf(
        api.POST('/api/v2/customer/{customer_id}/chat-channels', {
          params: { path: { customer_id: customerId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueries.customer(customerId) }),
  });
}
