import type { TicketAttachment } from '@portaal/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/**
 * GET tickets/{id}/attachments/{attachment_id} with the bearer token (a plain link would not carry it),
 * then handed to the browser as a download under the stored name.
 */
export function useDownloadAttachment(customerId: number, ticketId: number) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, TicketAttachment>({
    mutationFn: async (attachment) => {
      const { blob, fileName } = await fileOf(
        api.GET('/api/v2/customer/{customer_id}/tickets/{ticket_id}/attachments/{attachment_id}', {
          params: {
            path: { customer_id: customerId, ticket_id: ticketId, attachment_id: attachment.attachment_id },
          },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, fileName ?? attachment.file_name);
    },
  });
}
