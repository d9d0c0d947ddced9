import { Alert, Anchor, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RequestTypes, Ticket } from '@portaal/contracts';
import {
  isUrgentRequest,
  type TicketCategory,
  type TicketPriority,
  ticketPriorities,
} from '@portaal/contracts/ticket-rules';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { useCreateTicket } from '../api/use-create-ticket.ts';
import { useFormFeedback } from '../hooks/use-form-feedback.ts';
import { limits, requiredChoice, requiredText } from '../utils/form-rules.ts';
import { AttachmentInput, checkFiles } from './attachment-input.tsx';
import { Icon } from './icons.tsx';
import { FormFooter } from './page-states.tsx';
import classes from './tickets.module.css';

const FIELDS = [
  'category',
  'landscape_object_id',
  'subject',
  'description',
  'priority',
  'attachments',
] as const;

/** The props of the field that chooses the server or landscape object a ticket is about. */
export interface ObjectFieldProps {
  customerId: number;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
  disabled?: boolean;
}

/** A tel: link for a phone number as people write it ("+31 (0)20 123 45 67"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '')}`;
}

/** The call-the-service-desk prompt of SPEC.md §9 for urgent requests. */
export function UrgentPrompt({ phone }: { phone: string }) {
  const { t } = useTranslation('support');
  return (
    <Alert
      color="red"
      variant="light"
      title={t('new.urgentTitle')}
      icon={<Icon name="phone" size={20} />}
      data-testid="urgent-prompt"
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm">{t('new.urgentText')}</Text>
        {/* The alert's own text colour: the link colour has too little contrast on the red tint. */}
        <Anchor href={telHref(phone)} fw={700} size="lg" c="inherit" underline="always">
          {t('new.urgentCall', { phone })}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * A support request: request type (limited per role), the server or object it is about (for users who
 * may read the landscape), subject, description, priority, attachments.
 */
export function TicketForm({
  customerId,
  requestTypes,
  onCreated,
  initialObject,
  objectField: ObjectField,
}: {
  customerId: number;
  requestTypes: RequestTypes;
  onCreated: (ticket: Ticket) => void;
  initialObject?: string;
  objectField?: ComponentType<ObjectFieldProps>;
}) {
  const { t, i18n } = useTranslation('support');
  const session = useSession();
  const create = useCreateTicket(customerId);
  // Only users who may read the landscape can choose from it; the server checks again.
  const withObject = ObjectField !== undefined && session.can({ customer: ['infra-read'] }, customerId);
  const [files, setFiles] = useState<File[]>([]);
  const only = requestTypes.categories.length === 1 ? requestTypes.categories[0] : undefined;
  const form = useForm({
    name: 'new-ticket',
    mode: 'controlled',
    initialValues: {
      category: (only ?? null) as string | null,
      landscape_object_id: (withObject ? (initialObject ?? null) : null) as string | null,
      subject: '',
      description: '',
      priority: '2',
    },
    validate: {
      category: requiredChoice(t),
      subject: requiredText(t, limits.subject.max, limits.subject.min),
      description: requiredText(t, limits.description.max),
      priority: requiredChoice(t),
    },
  });
  const feedback = useFormFeedback(form, FIELDS, t);
  const guard = useLeaveGuard(form.isDirty() || files.length > 0);

  const category = requestTypes.categories.find((value) => value === form.values.category);
  const priority = Number(form.values.priority) as TicketPriority;
  const urgent = category !== undefined && isUrgentRequest(category, priority);

  const changeFiles = (next: File[]) => {
    setFiles(next);
    feedback.setFileErrors(checkFiles(next, requestTypes.attachments, t, i18n.language));
  };

  const submit = form.onSubmit(
    (values) => {
      feedback.reset();
      const fileErrors = checkFiles(files, requestTypes.attachments, t, i18n.language);
      if (fileErrors.length > 0) {
        feedback.setFileErrors(fileErrors);
        feedback.onInvalid({ attachments: fileErrors });
        return;
      }
      create.mutate(
        {
          category: values.category as TicketCategory,
          subject: values.subject.trim(),
          description: values.description.trim(),
          priority: Number(values.priority) as TicketPriority,
          landscape_object_id: values.landscape_object_id ?? undefined,
          files,
        },
        {
          onSuccess: (ticket) => {
            guard.release();
            toast({ title: t('new.created', { id: ticket.ticket_id }) });
            onCreated(ticket);
          },
          onError: feedback.onServerError,
        },
      );
    },
    (errors) => feedback.onInvalid(errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-ticket-form-title">
      <Stack gap="md">
        {guard.prompt}
        {only ? (
          // One allowed type (a viewer's) is nothing to choose: shown as a fact, sent as the form's value.
          <DataList items={[{ label: t('fields.category'), value: t(`category.${only}`) }]} />
        ) : (
          <Select
            label={t('fields.category')}
            placeholder={t('new.categoryPlaceholder')}
            data={requestTypes.categories.map((value) => ({ value, label: t(`category.${value}`) }))}
            allowDeselect={false}
            withAsterisk
            maw={360}
            {...form.getInputProps('category')}
          />
        )}
        {withObject && (
          <ObjectField
            customerId={customerId}
            value={form.values.landscape_object_id}
            onChange={(id) => form.setFieldValue('landscape_object_id', id)}
            error={form.errors.landscape_object_id}
            disabled={create.isPending}
          />
        )}
        <Radio.Group label={t('fields.priority')} withAsterisk {...form.getInputProps('priority')}>
          <Group gap="lg" mt={6}>
            {ticketPriorities.map((value) => (
              <Radio
                key={value}
                value={String(value)}
                label={t(`priority.${value}`)}
                size="md"
                classNames={{ root: classes.choice }}
              />
            ))}
          </Group>
        </Radio.Group>
        {urgent && <UrgentPrompt phone={requestTypes.service_desk_phone} />}
        <TextInput
          label={t('fields.subject')}
          description={t('new.subjectHint', { min: limits.subject.min, max: limits.subject.max })}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('subject')}
        />
        <GrowingTextarea
          label={t('fields.description')}
          description={t('new.descriptionHint')}
          withAsterisk
          minRows={5}
          maxRows={16}
          {...form.getInputProps('description')}
        />
        <AttachmentInput
          files={files}
          onChange={changeFiles}
          limits={requestTypes.attachments}
          errors={feedback.fileErrors}
          disabled={create.isPending}
        />
        <FormFooter feedback={feedback} pending={create.isPending}>
          {t('new.submit')}
        </FormFooter>
      </Stack>
    </form>
  );
}
