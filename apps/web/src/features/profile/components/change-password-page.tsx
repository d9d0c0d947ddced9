import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSession } from '../../../app/session.ts';
import { FormError } from '../../../components/feedback/form-error.tsx';
import { useApiErrorText } from '../../../components/feedback/page-states.tsx';
import { ApiError, isSessionExpired } from '../../../lib/api-client.ts';
import { formFieldErrors } from '../../../lib/error-text.ts';
import { useChangePassword } from '../api/use-change-password.ts';

/** The limits of packages/contracts passwordChangeSchema (kept here so the page does not load zod). */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;
const USERNAME_MAX_LENGTH = 256;

export function keycloakAccountUrl(oidc: { url: string; realm: string }): string {
  return `${oidc.url.replace(/\/+$/, '')}/realms/${encodeURIComponent(oidc.realm)}/account/#/security/signingin`;
}

/** Keycloak's account console: password, two-factor sign-in and active sessions. */
export function accountConsoleUrl(oidc: { url: string; realm: string }): string {
  return `${oidc.url.replace(/\/+$/, '')}/realms/${encodeURIComponent(oidc.realm)}/account/`;
}

/** /user/change-password (public): a form with the dev IdP, a link to the account console with Keycloak. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { config } = useSession();
  const embedded = config.password_change === 'portal';
  return (
    <Stack maw={480} mx="auto" mt={{ base: 'md', sm: 'xl' }} gap="lg">
      <Title order={1}>{t('password.title')}</Title>
      {embedded ? (
        <ChangePasswordForm />
      ) : (
        <Card withBorder padding="lg" radius="md">
          <Stack gap="md" align="flex-start">
            <Text>{t('password.keycloak.text')}</Text>
            <Button component="a" href={keycloakAccountUrl(config.oidc)}>
              {t('password.keycloak.link')}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

type Field = 'username' | 'current_password' | 'new_password' | 'confirm';

function ChangePasswordForm() {
  const { t } = useTranslation();
  const { userInfo, authenticated } = useAuthState();
  const change = useChangePassword();
  const errorText = useApiErrorText();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const success = useRef<HTMLDivElement>(null);
  // The form is replaced by the confirmation; move focus there so it is read out.
  useEffect(() => {
    if (done) success.current?.focus();
  }, [done]);
  const required = t('form.required', { ns: 'global' });
  const maxLength = (max: number) => t('form.maxLength', { ns: 'global', max });

  const toggle = { 'aria-label': t('password.toggle') };
  const form = useForm<Record<Field, string>>({
    mode: 'controlled',
    initialValues: {
      username: userInfo?.username ?? '',
      current_password: '',
      new_password: '',
      confirm: '',
    },
    validate: {
      username: (value) =>
        !value.trim()
          ? required
          : value.trim().length > USERNAME_MAX_LENGTH
            ? maxLength(USERNAME_MAX_LENGTH)
            : null,
      current_password: (value) =>
        !value ? required : value.length > PASSWORD_MAX_LENGTH ? maxLength(PASSWORD_MAX_LENGTH) : null,
      new_password: (value, values) => {
        if (!value) return required;
        if (value.length < PASSWORD_MIN_LENGTH)
          return t('form.minLength', { ns: 'global', min: PASSWORD_MIN_LENGTH });
        if (value.length > PASSWORD_MAX_LENGTH) return maxLength(PASSWORD_MAX_LENGTH);
        if (value === values.current_password) return t('password.same');
        return null;
      },
      confirm: (value, values) =>
        !value ? required : value !== values.new_password ? t('password.mismatch') : null,
    },
  });

  // PasswordInput marks an error only with data-invalid; screen readers need aria-invalid.
  const passwordProps = (field: Field) => ({
    ...form.getInputProps(field),
    'aria-invalid': Boolean(form.errors[field]),
  });

  const submit = form.onSubmit((values) => {
    setFormError(undefined);
    change.mutate(
      {
        username: values.username.trim(),
        current_password: values.current_password,
        new_password: values.new_password,
      },
      {
        onSuccess: () => {
          setDone(true);
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : undefined;
          if (code === 'INVALID_CURRENT_PASSWORD') {
            form.setFieldError('current_password', t('password.errors.INVALID_CURRENT_PASSWORD'));
            return;
          }
          if (code === 'TOO_MANY_ATTEMPTS') {
            setFormError(t('password.errors.TOO_MANY_ATTEMPTS'));
            return;
          }
          const { fields, complete } = formFieldErrors(error, Object.keys(form.values), t);
          form.setErrors(fields);
          if (!complete) setFormError(errorText(error));
        },
      },
    );
  });

  if (done) {
    return (
      <Alert
        color="green"
        variant="light"
        title={t('password.done.title')}
        ref={success}
        tabIndex={-1}
        role="status"
      >
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t('password.done.text')}</Text>
          <Anchor component={Link} to="/" size="sm">
            {authenticated ? t('password.done.home') : t('password.done.signIn')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={submit} noValidate aria-label={t('password.title')}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('password.intro')}
          </Text>
          <TextInput
            label={t('password.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            withAsterisk
            {...passwordProps('current_password')}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.newHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            withAsterisk
            {...passwordProps('new_password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            withAsterisk
            {...passwordProps('confirm')}
          />
          <FormError message={formError} sessionExpired={isSessionExpired(change.error)} />
          <Button type="submit" loading={change.isPending} w={{ base: '100%', xs: 'auto' }}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
