import { Burger, Container, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useRouter } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { BREAKPOINTS_PX } from '../../app/theme.ts';
import classes from './app-shell.module.css';
import { Brand } from './brand.tsx';
import { LazyHeaderWidgets } from './lazy-widgets.tsx';
import { Sidebar } from './sidebar.tsx';
import { useLayoutMeasurements } from './use-layout-measurements.ts';
import { useShellHandover } from './use-shell-handover.ts';

/** The phone's menu button; header-widgets.tsx finds it by this id to close its drawer on Escape. */
const MENU_BUTTON_ID = 'app-menu-button';

/** Header and sidebar around the page; 'dashboard' uses the full width, 'default' a reading width. */
export function AppShellLayout({ variant }: { variant: 'default' | 'dashboard' }) {
  const { t } = useTranslation('global');
  const { config } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const header = useRef<HTMLElement>(null);
  const sidebar = useRef<HTMLDivElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  useLayoutMeasurements(header, sidebar);
  useShellHandover();
  // Below the sm breakpoint the sidebar is a drawer; closed, it is only moved off screen, so it is
  // made inert: its links must not be reachable with Tab or by a screen reader.
  const drawer = !useMediaQuery(`(min-width: ${BREAKPOINTS_PX.sm / 16}em)`, true, {
    getInitialValueInEffect: false,
  });
  const hidden = drawer && !opened;
  // Open, the drawer covers the page: like a dialog, it keeps the focus (Tab, a screen reader's
  // cursor) to itself and its menu button; all else is inert until it closes.
  const covered = drawer && opened;
  const router = useRouter();
  // Following a link closes the drawer with the focus inside it: the focus goes back to the menu
  // button, or it would fall to the page body once the drawer is inert. The next page may come in
  // the other layout (dashboard or default), which mounts a menu button of its own.
  const navigated = () => {
    if (drawer && opened) {
      burger.current?.focus();
      const unsubscribe = router.subscribe('onRendered', () => {
        unsubscribe();
        const active = document.activeElement;
        if (active === null || active === document.body) document.getElementById(MENU_BUTTON_ID)?.focus();
      });
    }
    close();
  };

  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link" inert={covered}>
        {t('skipToContent')}
      </a>
      <header ref={header} className={classes.header}>
        <Group
          h="100%"
          className={classes.headerRow}
          justify="space-between"
          wrap="nowrap"
          gap="var(--header-gap)"
        >
          <Group gap="var(--header-gap)" wrap="nowrap">
            <Burger
              ref={burger}
              id={MENU_BUTTON_ID}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.menu')}
              aria-expanded={opened}
              aria-controls="app-sidebar"
            />
            <UnstyledButton
              component={Link}
              to="/"
              aria-label={t('header.home', { brand: config.brand_name })}
              className="header-home"
              inert={covered}
            >
              <Brand name={config.brand_name} />
            </UnstyledButton>
          </Group>
          <Group
            gap="var(--header-gap)"
            wrap="nowrap"
            justify="flex-end"
            style={{ flex: 1, minWidth: 0 }}
            inert={covered}
          >
            <LazyHeaderWidgets />
          </Group>
        </Group>
      </header>
      <div
        ref={sidebar}
        id="app-sidebar"
        className={classes.navbar}
        data-opened={opened || undefined}
        inert={hidden}
      >
        <Sidebar onNavigate={navigated} />
      </div>
      <main id="main" tabIndex={-1} className={classes.main} inert={covered}>
        {variant === 'dashboard' ? (
          <Outlet />
        ) : (
          // xl (1,320 px): at 1,600 px the column fills the screen beside the sidebar, so that wide tables
          // (the service desk) and tab rows do not wrap with the right of the screen empty. Forms keep
          // their own, narrower measure.
          <Container size="xl" px={0}>
            <Outlet />
          </Container>
        )}
      </main>
    </div>
  );
}
