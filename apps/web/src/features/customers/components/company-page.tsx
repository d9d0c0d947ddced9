import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CompanyPage({ customerId }: { customerId?: number }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('company.title')}</Title>
      <div>{customerId}</div>
    </Stack>
  );
}
