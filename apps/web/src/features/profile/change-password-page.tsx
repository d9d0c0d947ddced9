import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={480} mx="auto">
      <Title order={1}>{t('password.title')}</Title>
    </Stack>
  );
}
