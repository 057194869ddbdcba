import { Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useCurrentUser } from '../../lib/session';

/** /settings: profile edit and password change. */
export default function SettingsRoute() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <Page title={t('settings.title')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper component="section" aria-labelledby="settings-profile" withBorder p="lg">
          <Title order={2} size="h4" id="settings-profile" mb="sm">
            {t('settings.profile')}
          </Title>
          <ProfileForm key={user.id} user={user} />
        </Paper>
        <Paper component="section" aria-labelledby="settings-password" withBorder p="lg">
          <Title order={2} size="h4" id="settings-password" mb="sm">
            {t('password.title')}
          </Title>
          <PasswordForm />
        </Paper>
      </SimpleGrid>
    </Page>
  );
}
