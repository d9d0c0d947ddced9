import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthState, useSelectedCustomer } from '../../app/session.ts';
import { useVisibleNavigation } from '../../components/layout/sidebar.tsx';

/** The dashboard: a card per area the user may open; areas not built yet say so. */
export function HomePage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('global');
  const { userInfo } = useAuthState();
  const selected = useSelectedCustomer();
  const areas = useVisibleNavigation().filter((item) => item.key !== 'home');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title', { name: userInfo?.givenName || userInfo?.username })}</Title>
        {selected && <Text c="dimmed">{t('home.customer', { name: selected.name || selected.id })}</Text>}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {areas.map((area) => (
          <Card
            key={area.key}
            withBorder
            padding="lg"
            component={Link}
            to={area.to}
            data-testid={`area-${area.key}`}
          >
            <Stack gap={6}>
              <Text fw={700} size="lg">
                {tg(`nav.${area.key}`)}
              </Text>
              <Text size="sm">{t(`home.areas.${area.key}`)}</Text>
              {!area.built && (
                <Badge variant="light" color="gray" w="fit-content">
                  {tg('comingSoon.badge')}
                </Badge>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
