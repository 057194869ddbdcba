import { Avatar, Badge, Indicator, Menu, UnstyledButton } from '@mantine/core';
import { canSeeDashboard, type User } from '@teamboard/contract';
import { IconDashboard, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface UserMenuProps {
  user: User;
  /** What waits on the dashboard (lessons to review, for admins): a badge on its item, a dot on the avatar. */
  dashboardCount?: number;
}

/** The signed-in user's menu; its button is the user's photo or a default avatar. */
export function UserMenu({ user, dashboardCount = 0 }: UserMenuProps) {
  const { t } = useTranslation();
  const hasWaiting = dashboardCount > 0 && canSeeDashboard(user.account_type);
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={
            hasWaiting ? t('user_menu.label_waiting', { count: dashboardCount }) : t('user_menu.label')
          }
          style={{ borderRadius: '50%' }}
        >
          <Indicator disabled={!hasWaiting} color="red" size={10} offset={4} withBorder>
            <Avatar src={user.image} alt="" name={user.name} color="initials" />
          </Indicator>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.name}</Menu.Label>
        {canSeeDashboard(user.account_type) && (
          <Menu.Item
            component={Link}
            to="/dashboard"
            leftSection={<IconDashboard size={16} aria-hidden />}
            rightSection={
              hasWaiting && (
                <Badge size="sm" color="red" circle={dashboardCount < 10} aria-hidden>
                  {dashboardCount}
                </Badge>
              )
            }
            aria-label={hasWaiting ? t('user_menu.dashboard_waiting', { count: dashboardCount }) : undefined}
          >
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
