import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthState } from '../../app/session.ts';
import { initials } from '../../app/theme.ts';

export function UserMenu() {
  const { t } = useTranslation('global');
  const { userInfo } = useAuthState();
  if (!userInfo) return null;
  const name = userInfo.name || userInfo.username;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.account', { name })} data-testid="user-menu">
          <Avatar color="green" radius="xl" size={36}>
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/user/profile">
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/change-password">
          {t('nav.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" data-testid="logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
