import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** GET invoices/{number}/pdf with the bearer token, saved under the name the API gives. */
export function useDownloadInvoice(customerId: number) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, { number: string }>({
    mutationFn: async ({ number }) => {
      const { blob, fileName } = await fileOf(
        api.GET('/api/v2/customer/{customer_id}/invoices/{invoice_id}/pdf', {
          params: { path: { customer_id: customerId, invoice_id: number } },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, fileName ?? `${number}.pdf`);
    },
  });
}
