import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Ticket } from '@portaal/contracts';
import type { TicketStatus } from '@portaal/contracts/ticket-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { useReplyToTicket } from '../api/use-reply-to-ticket.ts';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { limits, requiredText } from '../utils/form-rules.ts';
import { AttachmentInput, type AttachmentLimits, checkFiles } from './attachment-input.tsx';
import { FormFooter } from './page-states.tsx';
import { SavedReplyPicker } from './saved-reply-picker.tsx';

const FIELDS = ['body', 'internal', 'status', 'attachments'] as const;
/** The status select's "let the server decide" choice (a new ticket is picked up, and so on). */
const AUTOMATIC = 'automatic';

/**
 * The reply: text and attachments; staff also choose an internal note and a status. After sending,
 * the form clears and the caller moves the focus to the new message.
 */
export function ReplyForm({
  ticket,
  customerId,
  attachmentLimits,
  onSent,
}: {
  ticket: Ticket;
  customerId: number;
  attachmentLimits: AttachmentLimits;
  onSent: (ticket: Ticket) => void;
}) {
  const { t, i18n } = useTranslation('support');
  const reply = useReplyToTicket(customerId, ticket.ticket_id);
  const [files, setFiles] = useState<File[]>([]);
  const staff = ticket.can_write_internal;
  const form = useForm({
    name: 'ticket-reply',
    mode: 'controlled',
    initialValues: { body: '', internal: false, status: AUTOMATIC },
    validate: { body: requiredText(t, limits.reply.max) },
  });
  const feedback = useFormFeedback(form, FIELDS, t);
  const guard = useLeaveGuard(form.isDirty() || files.length > 0);

  const changeFiles = (next: File[]) => {
    setFiles(next);
    feedback.setFileErrors(checkFiles(next, attachmentLimits, t, i18n.language));
  };

  const submit = form.onSubmit(
    (values) => {
      feedback.reset();
      const fileErrors = checkFiles(files, attachmentLimits, t, i18n.language);
      if (fileErrors.length > 0) {
        feedback.setFileErrors(fileErrors);
        feedback.onInvalid({ attachments: fileErrors });
        return;
      }
      const status = ticket.allowed_statuses.find((value) => value === values.status);
      reply.mutate(
        {
          body: values.body.trim(),
          internal: staff ? values.internal : undefined,
          status: staff ? status : undefined,
          files,
        },
        {
          onSuccess: (updated) => {
            guard.release();
            form.reset();
            setFiles([]);
            toast({ title: values.internal ? t('reply.noteSaved') : t('reply.sent') });
            onSent(updated);
          },
          onError: feedback.onServerError,
        },
      );
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reply-title">
      <Stack gap="md">
        {guard.prompt}
        {!staff && ticket.status === 'closed' && (
          <Text size="sm" c="dimmed">
            {t('reply.reopensHint')}
          </Text>
        )}
        {staff && (
          <SavedReplyPicker
            onPick={(text) => {
              const current = form.getValues().body.trimEnd();
              form.setFieldValue('body', current ? `${current}\n\n${text}` : text);
            }}
          />
        )}
        <GrowingTextarea
          label={t('reply.body')}
          withAsterisk
          minRows={4}
          maxRows={16}
          {...form.getInputProps('body')}
        />
        {staff && (
          <Group gap="lg" align="flex-end" wrap="wrap">
            <Switch
              label={t('reply.internal')}
              description={t('reply.internalHint')}
              {...form.getInputProps('internal', { type: 'checkbox' })}
            />
            <Select
              label={t('reply.status')}
              data={[
                { value: AUTOMATIC, label: t('reply.statusAutomatic') },
                ...ticket.allowed_statuses.map((value: TicketStatus) => ({
                  value,
                  label: t(`status.${value}`),
                })),
              ]}
              allowDeselect={false}
              maw={260}
              {...form.getInputProps('status')}
            />
          </Group>
        )}
        <AttachmentInput
          files={files}
          onChange={changeFiles}
          limits={attachmentLimits}
          errors={feedback.fileErrors}
          disabled={reply.isPending}
        />
        <FormFooter feedback={feedback} pending={reply.isPending}>
          {form.values.internal ? t('reply.submitNote') : t('reply.submit')}
        </FormFooter>
      </Stack>
    </form>
  );
}
