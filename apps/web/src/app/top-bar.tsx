import { Anchor, Button, Group } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { UserMenu } from '../features/auth/components/user-menu';
import { InvitationsBell } from '../features/invitations/components/invitations-bell';
import { useCurrentUser } from '../lib/session';

/** The top bar (SPEC §2): title, language, then either sign-in links or the user's controls. */
export function TopBar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor
        component={Link}
        to={user ? '/home' : '/login'}
        underline="never"
        c="inherit"
        fw={700}
        size="lg"
      >
        <Group gap={6} wrap="nowrap">
          <IconLayoutKanban aria-hidden size={24} />
          {t('app_name')}
        </Group>
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <LanguageSelect />
        {user ? (
          <>
            <InvitationsBell />
            <UserMenu user={user} />
          </>
        ) : (
          <Group component="nav" aria-label={t('nav.main')} gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle" size="xs">
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/register" variant="light" size="xs">
              {t('nav.register')}
            </Button>
          </Group>
        )}
      </Group>
    </Group>
  );
}
