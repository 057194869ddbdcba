import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { canSeeDashboard, type User } from '@teamboard/contract';
import { IconDashboard, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The signed-in user's menu; its button is the user's photo or a default avatar. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('user_menu.label')} style={{ borderRadius: '50%' }}>
          <Avatar src={user.image} alt="" name={user.name} color="initials" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
        {canSeeDashboard(user.account_type) && (
          <Menu.Item component={Link} to="/dashboard" leftSection={<IconDashboard size={16} aria-hidden />}>
            {t('user_menu.dashboard')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('user_menu.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/myprofile" leftSection={<IconUser size={16} aria-hidden />}>
          {t('user_menu.my_profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('user_menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
