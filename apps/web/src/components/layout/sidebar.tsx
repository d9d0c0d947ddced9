import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type NavItem, visibleNavigation } from '../../app/navigation.ts';
import { useAuthState, useSelectedCustomer, useSession } from '../../app/session.ts';

/** Navigation showing only what the user may open for the selected customer. */
export function useVisibleNavigation(): NavItem[] {
  const session = useSession();
  useAuthState();
  const selected = useSelectedCustomer();
  return visibleNavigation(
    (requirement) => requirement === 'login' || session.can(requirement, selected?.id),
  );
}

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('global');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = useVisibleNavigation();
  const customerItems = items.filter((item) => !item.staff);
  const staffItems = items.filter((item) => item.staff);
  const active = (to: string) =>
    to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

  // The router marks a link as the current page (aria-current) only on its exact path; the highlight
  // (active) also covers the screens below it, such as a ticket under Support.
  const render = (item: NavItem) =>
    item.children?.length ? (
      // A group only opens and closes (Mantine's NavLink does not follow the link of an entry with
      // children), so it is never the current page nor highlighted: its Overview entry is.
      <NavLink
        key={item.key}
        component="a"
        href={item.to}
        label={t(`nav.${item.key}`)}
        childrenOffset="md"
        defaultOpened={active(item.to)}
      >
        {[
          <NavLink
            key={`${item.key}-overview`}
            component={Link}
            to={item.to}
            activeOptions={{ exact: true }}
            label={t('nav.overview')}
            active={pathname === item.to}
            onClick={onNavigate}
          />,
          ...item.children.map(render),
        ]}
      </NavLink>
    ) : (
      <NavLink
        key={item.key}
        component={Link}
        to={item.to}
        activeOptions={{ exact: true }}
        label={t(`nav.${item.key}`)}
        active={active(item.to)}
        onClick={onNavigate}
      />
    );

  return (
    // The browser's own scrolling: ScrollArea's custom bars cost a chunk of script on every start.
    <Box h="100%" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <Stack component="nav" gap={2} aria-label={t('nav.main')} p="xs">
        {customerItems.map(render)}
        {staffItems.length > 0 && (
          <>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
              {t('nav.staff')}
            </Text>
            {staffItems.map(render)}
          </>
        )}
      </Stack>
    </Box>
  );
}
