import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export type InvoiceFormat = 'pdf' | 'ubl';

/**
 * GET invoices/{number}/pdf or …/ubl (the Peppol e-invoice) with the bearer token, saved under the
 * name the API gives.
 */
export function useDownloadInvoice(customerId: number) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, { number: string; format: InvoiceFormat }>({
    mutationFn: async ({ number, format }) => {
      const params = { path: { customer_id: customerId, invoice_id: number } };
      const { blob, fileName } = await fileOf(
        format === 'pdf'
          ? api.GET('/api/v2/customer/{customer_id}/invoices/{invoice_id}/pdf', { params, parseAs: 'blob' })
          : api.GET('/api/v2/customer/{customer_id}/invoices/{invoice_id}/ubl', { params, parseAs: 'blob' }),
      );
      saveBlob(blob, fileName ?? `${number}.${format === 'pdf' ? 'pdf' : 'xml'}`);
    },
  });
}
