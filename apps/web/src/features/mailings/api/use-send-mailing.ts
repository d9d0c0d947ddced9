import type { MailingInput, MailingProgress } from '@portaal/contracts/mailings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSession } from '../../../app/session.ts';
import { type ApiError, dataOf } from '../../../lib/api-client.ts';
import { mailingsQueries } from './mailings-queries.ts';

/**
 * What is sent: a new mailing, written first (the wizard), or a draft that is already stored (its
 * detail screen — left behind when the wizard was closed or its send refused).
 */
export type SendMailingTarget = { input: MailingInput } | { mailingId: number };

/**
 * Starts sending a mailing (POST …/{id}/send), after writing it (POST …/mailings) when it is new.
 * When the send is refused, the draft stays and the error names why by its code (no recipients any
 * more: MAILING_NO_RECIPIENTS; no draft any more: MAILING_NOT_DRAFT); trying again with the same
 * content sends that draft.
 */
export function useSendMailing() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  // The draft this hook last wrote, by its content: sending the same mailing again after a refusal
  // sends that draft instead of writing a second one. Changed content is a new draft.
  const written = useRef<{ content: string; mailingId: number } | undefined>(undefined);
  const draftOf = async (input: MailingInput) => {
    const content = JSON.stringify(input);
    if (written.current?.content === content) return written.current.mailingId;
    const { mailing_id } = await dataOf(api.POST('/api/admin/v2/mailings', { body: input }));
    written.current = { content, mailingId: mailing_id };
    return mailing_id;
  };
  return useMutation<MailingProgress, ApiError | Error, SendMailingTarget>({
    mutationFn: async (target) => {
      const mailingId = 'mailingId' in target ? target.mailingId : await draftOf(target.input);
      return dataOf(
        api.POST('/api/admin/v2/mailings/{mailing_id}/send', {
          params: { path: { mailing_id: mailingId } },
        }),
      );
    },
    onSuccess: (progress) => {
      queryClient.setQueryData(mailingsQueries.progress(api, progress.mailing_id).queryKey, progress);
      // The detail screen reads the mailing again: it is sending now, and moves on by itself.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: mailingsQueries.list(api).queryKey }),
        queryClient.invalidateQueries({
          queryKey: mailingsQueries.detail(api, progress.mailing_id).queryKey,
        }),
      ]);
    },
  });
}
