import type { Ticket } from '@portaal/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { type ChangeRequest, useCreateChangeRequest } from '../api/use-create-change-request.ts';
import type { useFormFeedback } from './use-form-feedback.ts';

/**
 * Sending a change-request form: the request, then a toast naming the new ticket and `onCreated`; a
 * refusal lands on the form's fields, with the values kept.
 */
export function useSendChangeRequest(
  customerId: number,
  feedback: ReturnType<typeof useFormFeedback>,
  onCreated: (ticket: Ticket) => void,
) {
  const { t } = useTranslation('support');
  const create = useCreateChangeRequest(customerId);
  const send = (request: ChangeRequest) => {
    feedback.reset();
    create.mutate(request, {
      onSuccess: (ticket) => {
        toast({ title: t('change.created', { id: ticket.ticket_id }) });
        onCreated(ticket);
      },
      onError: feedback.onServerError,
    });
  };
  return { send, pending: create.isPending };
}
