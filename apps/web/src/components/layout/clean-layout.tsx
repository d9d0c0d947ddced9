import { Box, Group, UnstyledButton } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { Brand } from './brand.tsx';
import { LazyPreferencesMenu } from './lazy-widgets.tsx';
import { useShellHandover } from './use-shell-handover.ts';

/**
 * No header navigation or sidebar: error pages, logout and the password page. The brand links home,
 * as in the full layout, so a signed-in user on the password page has a way back.
 */
export function CleanLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('global');
  const { config } = useSession();
  useShellHandover();
  return (
    <Box mih="100vh">
      <Group justify="space-between" p="md" component="header">
        <UnstyledButton component={Link} to="/" aria-label={t('header.home', { brand: config.brand_name })}>
          <Brand name={config.brand_name} />
        </UnstyledButton>
        <LazyPreferencesMenu />
      </Group>
      <Box component="main" id="main" px="md" pb="xl">
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}
