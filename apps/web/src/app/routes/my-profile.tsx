import { Grid, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { MyKnowledgeForms } from '../../features/knowledge/components/my-knowledge-forms';
import { PhotoCard } from '../../features/profile/components/photo-card';
import { UserDetails } from '../../features/profile/components/user-details';
import { useCurrentUser } from '../../lib/session';

/** /myprofile: photo, details and knowledge forms. */
export default function MyProfileRoute() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <Page title={t('my_profile.title')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper component="section" aria-label={t('my_profile.photo')} withBorder p="lg">
            <PhotoCard user={user} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper component="section" aria-labelledby="profile-details" withBorder p="lg">
            <Title order={2} size="h4" id="profile-details" mb="sm">
              {t('my_profile.details')}
            </Title>
            <UserDetails user={user} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper component="section" aria-labelledby="profile-knowledge" withBorder p="lg">
        <Title order={2} size="h4" id="profile-knowledge" mb="sm">
          {t('my_profile.knowledge')}
        </Title>
        <MyKnowledgeForms />
      </Paper>
    </Page>
  );
}
