import type { MailingInput, MailingProgress } from '@portaal/contracts/mailings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { mailingsQueries } from './mailings-queries.ts';

/**
 * Writes the mailing (POST …/mailings) and starts sending it (POST …/{id}/send). When the send is
 * refused, the draft stays and the error names why (no recipients any more).
 */
export function useSendMailing() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation<MailingProgress, ApiError | Error, MailingInput>({
    mutationFn: async (body) => {
      const mailing = await dataOf(api.POST('/api/admin/v2/mailings', { body }));
      return dataOf(
        api.POST('/api/admin/v2/mailings/{mailing_id}/send', {
          params: { path: { mailing_id: mailing.mailing_id } },
        }),
      );
    },
    onSuccess: (progress) => {
      queryClient.setQueryData(mailingsQueries.progress(api, progress.mailing_id).queryKey, progress);
      return queryClient.invalidateQueries({ queryKey: mailingsQueries.list(api).queryKey });
    },
  });
}
