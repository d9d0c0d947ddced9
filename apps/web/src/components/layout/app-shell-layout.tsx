import { AppShell, Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { CustomerSwitcher } from '../../features/customers/components/customer-switcher.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ticketsQueries } from '../../features/tickets/api/tickets-queries.ts';
import { Brand } from './brand.tsx';
import { PreferencesMenu } from './preferences-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { useLayoutMeasurements } from './use-layout-measurements.ts';
import { UserMenu } from './user-menu.tsx';

/** Header and sidebar around the page; 'dashboard' uses the full width, 'default' a reading width. */
export function AppShellLayout({ variant }: { variant: 'default' | 'dashboard' }) {
  const { t } = useTranslation('global');
  const { config, queryClient } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const header = useRef<HTMLElement>(null);
  const sidebar = useRef<HTMLDivElement>(null);
  useLayoutMeasurements(header, sidebar);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <AppShell.Header ref={header} component="header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.menu')}
            />
            <UnstyledButton
              component={Link}
              to="/"
              aria-label={t('header.home', { brand: config.brand_name })}
            >
              <Brand name={config.brand_name} />
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
            <CustomerSwitcher />
            <NotificationBell
              // A notification says the ticket changed: whatever is cached of it is out of date.
              onOpen={(notification) =>
                void queryClient.invalidateQueries({
                  queryKey: ticketsQueries.customer(notification.customer_id),
                })
              }
            />
            <PreferencesMenu />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar ref={sidebar} component="div">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {variant === 'dashboard' ? (
          <Outlet />
        ) : (
          <Container size="lg" px={0}>
            <Outlet />
          </Container>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
