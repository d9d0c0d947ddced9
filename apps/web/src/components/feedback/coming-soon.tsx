import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AreaKey } from '../../app/navigation.ts';

/** The page of an area whose screens arrive in a later release. */
export function ComingSoon({ area }: { area: AreaKey }) {
  const { t } = useTranslation('global');
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack gap="sm">
        <Title order={1}>{t(`nav.${area}`)}</Title>
        <Text>{t('comingSoon.text')}</Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Card>
  );
}
