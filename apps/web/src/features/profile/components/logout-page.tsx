import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';

/** Signs out: storage emptied, then the IdP's logout with id_token_hint, back to the home page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const { auth } = useSession();
  useEffect(() => {
    void auth.logout();
  }, [auth]);
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Loader aria-hidden="true" />
        <Text role="status">{t('logout.busy')}</Text>
      </Stack>
    </Center>
  );
}
