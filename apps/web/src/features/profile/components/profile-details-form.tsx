import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@portaal/contracts';
import { formatPhone } from '@portaal/contracts/contacts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/feedback/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, fieldErrorText } from '../../../lib/error-text.ts';
import { useUpdateProfile } from '../api/use-update-profile.ts';

const NAME_MAX = 100;
type Field = 'given_name' | 'family_name' | 'phone' | 'mobile';

/** My profile's own details: name, phone and mobile (validated as the contacts screens do). */
export function ProfileDetailsForm({ me, onDone }: { me: Me; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
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
          const fieldErrors = error instanceof ApiError ? (error.details.errors ?? []) : [];
          for (const item of fieldErrors) {
            if (item.field in form.values) form.setFieldError(item.field, fieldErrorText(item.message, t));
          }
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
        {update.isError && (
          <Alert color="red" variant="light" role="alert" title={t('profile.saveFailed')}>
            {apiErrorText(update.error, t)}
          </Alert>
        )}
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
