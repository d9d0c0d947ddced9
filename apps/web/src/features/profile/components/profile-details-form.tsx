import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@portaal/contracts';
import { formatPhone } from '@portaal/contracts/contacts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { toast } from '../../../components/feedback/toast.tsx';
import { isSessionExpired } from '../../../lib/api-client.ts';
import { formFieldErrors } from '../../../lib/error-text.ts';
import { useUpdateProfile } from '../api/use-update-profile.ts';

const NAME_MAX = 100;
type Field = 'given_name' | 'family_name' | 'phone' | 'mobile';

/** My profile's own details: name, phone and mobile (validated as the contacts screens do). */
export function ProfileDetailsForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string>();
  const required = t('form.required', { ns: 'global' });
  const name = (value: string) =>
    !value.trim()
      ? required
      : value.trim().length > NAME_MAX
        ? t('form.maxLength', { ns: 'global', max: NAME_MAX })
        : null;
  const phone = (value: string) => (value.trim() && !formatPhone(value) ? t('profile.invalidPhone') : null);
  const form = useForm<Record<Field, string>>({
    mode: 'controlled',
    initialValues: {
      given_name: me.given_name ?? '',
      family_name: me.family_name ?? '',
      phone: me.phone ?? '',
      mobile: me.mobile ?? '',
    },
    validate: { given_name: name, family_name: name, phone, mobile: phone },
  });

  const submit = form.onSubmit((values) => {
    setFormError(undefined);
    update.mutate(
      {
        given_name: values.given_name.trim(),
        family_name: values.family_name.trim(),
        phone: values.phone.trim() || null,
        mobile: values.mobile.trim() || null,
      },
      {
        onSuccess: () => {
          toast({ title: t('profile.saved') });
          onDone();
        },
        onError: (error) => {
          const { fields, complete } = formFieldErrors(error, Object.keys(form.values), t);
          form.setErrors(fields);
          if (!complete) setFormError(errorText(error));
        },
      },
    );
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('profile.details')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !update.isPending) onDone();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('profile.givenName')}
            autoComplete="given-name"
            // The form replaces the button that opened it: the focus starts here, not on the page.
            autoFocus
            withAsterisk
            {...form.getInputProps('given_name')}
          />
          <TextInput
            label={t('profile.familyName')}
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('family_name')}
          />
        </Group>
        <TextInput
          label={t('profile.phone')}
          description={t('profile.phoneHint')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('profile.mobile')}
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('mobile')}
        />
        <FormError
          title={t('profile.saveFailed')}
          message={formError}
          sessionExpired={isSessionExpired(update.error)}
        />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            {t('profile.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('form.cancel', { ns: 'global' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
