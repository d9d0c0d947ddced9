import { Box, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../../app/session.ts';
import { Brand } from './brand.tsx';
import { PreferencesMenu } from './preferences-menu.tsx';

/** No header navigation or sidebar: error pages, logout and the password page. */
export function CleanLayout({ children }: { children?: ReactNode }) {
  const { config } = useSession();
  return (
    <Box mih="100vh">
      <Group justify="space-between" p="md" component="header">
        <Brand name={config.brand_name} />
        <PreferencesMenu />
      </Group>
      <Box component="main" id="main" px="md" pb="xl">
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}
