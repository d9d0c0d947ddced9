import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../app/session.ts';

export function ProfilePage() {
  const { t } = useTranslation();
  const { userInfo } = useAuthState();
  return (
    <Stack>
      <Title order={1}>{t('profile.title')}</Title>
      <Text>{userInfo?.name}</Text>
    </Stack>
  );
}
