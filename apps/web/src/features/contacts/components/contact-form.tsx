import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type Contact,
  type ContactInput,
  contactInputSchema,
  EMAIL_MESSAGE,
  type NotificationEvent,
  notificationEvents,
  PHONE_MESSAGE,
  SELECT_ROLE_MESSAGE,
} from '@portaal/contracts/contacts';
import { type CustomerRole, customerRoles } from '@portaal/contracts/rights';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { GrowingTextarea } from '../../../components/growing-textarea/growing-textarea.tsx';
import { useLeaveGuard } from '../../../components/leave-guard/use-leave-guard.tsx';
import { ApiError, isSessionExpired } from '../../../lib/api-client.ts';
import { fieldErrorText, formFieldErrors } from '../../../lib/error-text.ts';
import { useSaveContact } from '../api/use-save-contact.ts';
import { isOwnLogin } from '../utils/own-login.ts';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  cellular: string;
  roles: CustomerRole[];
  language: 'en' | 'nl';
  email_events: NotificationEvent[];
  chat_events: NotificationEvent[];
  external_note: string;
  internal_note: string;
}

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'cellular',
  'roles',
  'language',
  'external_note',
  'internal_note',
] as const;

/** The schema's English messages as the user's language: SPEC's texts have their own keys. */
function messageText(message: string, t: TFunction): string {
  if (message === SELECT_ROLE_MESSAGE) return t('form.selectRoles', { ns: 'global' });
  if (message === PHONE_MESSAGE) return t('form.phone', { ns: 'global' });
  if (message === EMAIL_MESSAGE) return t('contacts.form.invalidEmail');
  return fieldErrorText(message, t);
}

function toBody(values: Values, staff: boolean): ContactInput {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    cellular: values.cellular,
    roles: values.roles,
    language: values.language,
    notifications: { email: values.email_events, chat: values.chat_events },
    external_note: values.external_note,
    ...(staff ? { internal_note: values.internal_note } : {}),
  };
}

/** Create or edit a contact; the same shared schema as the API checks it before sending. */
export function ContactForm({
  customerId,
  contact,
  staff,
  onSaved,
  onCancel,
}: {
  customerId: number;
  contact?: Contact;
  /** Staff write the internal note; customers never see it. */
  staff: boolean;
  onSaved(contact: Contact): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSaveContact(customerId, contact?.contact_id);
  const errorText = useApiErrorText();
  // Nobody changes their own roles (the API answers OWN_ROLES_NOT_ALLOWED): say so beside the boxes.
  const ownRoles = isOwnLogin(session.auth.getState().userInfo?.email, contact);
  const [message, setMessage] = useState<string>();
  const form = useForm<Values>({
    initialValues: {
      first_name: contact?.first_name ?? '',
      last_name: contact?.last_name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      cellular: contact?.cellular ?? '',
      roles: contact?.roles ?? [],
      language: contact?.language ?? 'nl',
      email_events: contact?.notifications.email ?? ['ticket_updates'],
      chat_events: contact?.notifications.chat ?? [],
      external_note: contact?.external_note ?? '',
      internal_note: contact?.internal_note ?? '',
    },
    validate: (values) => {
      const parsed = contactInputSchema.safeParse(toBody(values, staff));
      const errors: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          errors[field] ??= messageText(issue.message, t);
        }
      }
      return errors;
    },
  });

  const focusFirst = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((field) => errors[field]);
    if (first === 'roles') document.querySelector<HTMLElement>('[data-roles] input')?.focus();
    else if (first) form.getInputNode(first)?.focus();
  };

  const guard = useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(
    (values) => {
      setMessage(undefined);
      save.mutate(toBody(values, staff), {
        onSuccess: (saved) => {
          guard.release();
          onSaved(saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONTACT_EMAIL_TAKEN') {
            form.setErrors({ email: errorText(error) });
            form.getInputNode('email')?.focus();
            return;
          }
          const { fields, complete } = formFieldErrors(error, FIELDS, t, (text) => messageText(text, t));
          form.setErrors(fields);
          focusFirst(fields);
          if (!complete) setMessage(errorText(error));
        },
      });
    },
    (errors) => focusFirst(errors),
  );

  const events = (name: 'email_events' | 'chat_events', legend: string) => (
    <Checkbox.Group label={legend} {...form.getInputProps(name)}>
      <Group gap="md" mt={6}>
        {notificationEvents.map((event) => (
          <Checkbox key={event} value={event} label={t(`contacts.events.${event}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {guard.prompt}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('contacts.fields.firstName')}
            required
            autoComplete="off"
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('contacts.fields.lastName')}
            required
            autoComplete="off"
            {...form.getInputProps('last_name')}
          />
          <TextInput
            label={t('contacts.fields.email')}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={t('contacts.fields.language')}
            data={[
              { value: 'nl', label: t('contacts.languages.nl') },
              { value: 'en', label: t('contacts.languages.en') },
            ]}
            {...form.getInputProps('language')}
          />
          <TextInput
            label={t('contacts.fields.phone')}
            type="tel"
            description={t('contacts.form.phoneHint')}
            // The hint below the input, so the phone and mobile inputs sit level side by side.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('phone')}
          />
          <TextInput label={t('contacts.fields.cellular')} type="tel" {...form.getInputProps('cellular')} />
        </SimpleGrid>
        <Checkbox.Group
          label={t('contacts.fields.roles')}
          description={ownRoles ? t('contacts.form.ownRoles') : undefined}
          required
          data-roles
          {...form.getInputProps('roles')}
        >
          <Stack gap={6} mt={6}>
            {customerRoles.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`profile.roles.names.${role}`)}
                description={t(`profile.roles.descriptions.${role}`)}
                disabled={ownRoles}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {events('email_events', t('contacts.fields.notifyEmail'))}
        {events('chat_events', t('contacts.fields.notifyChat'))}
        <GrowingTextarea
          label={t('contacts.fields.externalNote')}
          minRows={2}
          {...form.getInputProps('external_note')}
        />
        {staff && (
          <GrowingTextarea
            label={t('contacts.fields.internalNote')}
            description={t('contacts.internalHint')}
            minRows={2}
            {...form.getInputProps('internal_note')}
          />
        )}
        <FormError message={message} sessionExpired={isSessionExpired(save.error)} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel', { ns: 'global' })}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('contacts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
