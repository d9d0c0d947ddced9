import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** GET reports/{id}/download with the bearer token, saved as the file the API names. */
export function useDownloadReport(customerId: number) {
  const { api } = useSession();
  return useMutation<
    void,
    ApiError | Error,
    { displayId: string; format: 'pdf' | 'csv'; language: 'en' | 'nl' }
  >({
    mutationFn: async ({ displayId, format, language }) => {
      const { blob, fileName } = await fileOf(
        api.GET('/api/v2/customer/{customer_id}/reports/{display_id}/download', {
          params: { path: { customer_id: customerId, display_id: displayId }, query: { format, language } },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, fileName ?? `${displayId}-${language}.${format}`);
    },
  });
}
