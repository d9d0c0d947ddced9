import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DASHBOARD_PANEL_RIGHTS } from '@portaal/contracts/rights';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { homeHeading } from '../../app/home-heading.ts';
import { useAuthState, useSelectedCustomer, useSession } from '../../app/session.ts';
import { useVisibleNavigation } from '../../components/layout/sidebar.tsx';
import { AreaIcon } from './area-icon.tsx';
import { DashboardPlaceholder } from './dashboard-placeholder.tsx';
import { loadDashboardPanels, loadedDashboardPanels } from './panels-module.ts';

// The panels load after the shell (their Mantine parts stay out of the start): the placeholder has
// the panel's size, so nothing shifts when they arrive.
const LazyDashboardPanels = lazy(() =>
  loadDashboardPanels().then((module) => ({ default: module.DashboardPanels })),
);

import classes from './home.module.css';

/** The dashboard: a card per area the user may open; areas not built yet say so. */
export function HomePage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('global');
  const { userInfo } = useAuthState();
  const session = useSession();
  const selected = useSelectedCustomer();
  // The names index.html's first screen greeted with too (app/home-hint.ts), so the page takes over unchanged.
  const heading = userInfo ? homeHeading(userInfo, selected) : undefined;
  // The panels the dashboard will show: their places are kept while it loads.
  const panels = selected
    ? Object.values(DASHBOARD_PANEL_RIGHTS).filter((right) => session.can({ customer: [right] }, selected.id))
        .length
    : 0;
  // Rendered directly once the route's loader has the chunk; lazily (a placeholder meanwhile) otherwise.
  const DashboardPanels = loadedDashboardPanels() ?? LazyDashboardPanels;
  const visible = useVisibleNavigation().filter((item) => item.key !== 'home');
  const groups = [
    { key: 'customer', items: visible.filter((item) => !item.staff) },
    { key: 'staff', items: visible.filter((item) => item.staff) },
  ].filter((group) => group.items.length > 0);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{t('home.title', { name: heading?.name })}</Title>
        {heading?.customer !== undefined && (
          <Text c="dimmed" mt={4}>
            {t('home.customer', { name: heading.customer })}
          </Text>
        )}
      </div>
      {selected && (
        <Suspense fallback={<DashboardPlaceholder panels={panels} />}>
          <DashboardPanels key={selected.id} customerId={selected.id} panels={panels} />
        </Suspense>
      )}
      {groups.map((group) => (
        <Stack key={group.key} gap="sm" component="section" aria-labelledby={`home-${group.key}`}>
          <Title order={2} size="h4" id={`home-${group.key}`}>
            {group.key === 'staff' ? tg('nav.staff') : t('home.areasTitle')}
          </Title>
          <div className={classes.areaGrid}>
            {group.items.map((area) => (
              <Card
                key={area.key}
                withBorder
                padding="lg"
                radius="md"
                component={Link}
                to={area.to}
                className={classes.card}
                data-testid={`area-${area.key}`}
              >
                <Group gap="sm" wrap="nowrap" align="center" mb="xs">
                  <ThemeIcon variant="light" size={40} radius="md" color="green">
                    <AreaIcon area={area.key} />
                  </ThemeIcon>
                  <Title order={3} size="h5">
                    {tg(`nav.${area.key}`)}
                  </Title>
                </Group>
                <Text size="sm" style={{ flex: 1 }}>
                  {t(`home.areas.${area.key}`)}
                </Text>
              </Card>
            ))}
          </div>
        </Stack>
      ))}
    </Stack>
  );
}
