import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, fileOf } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** GET crosschecks/{month}/export?subtype= with the bearer token, saved as the file the API names. */
export function useExportCrosscheck(month: string) {
  const { api } = useSession();
  return useMutation<void, ApiError | Error, { subtype: string; language: 'en' | 'nl' }>({
    mutationFn: async ({ subtype, language }) => {
      const { blob, fileName } = await fileOf(
        api.GET('/api/admin/v2/crosschecks/{month}/export', {
          params: { path: { month }, query: { subtype, language } },
          parseAs: 'blob',
        }),
      );
      saveBlob(blob, fileName ?? `crosscheck-${month}-${subtype}-${language}.csv`);
    },
  });
}
