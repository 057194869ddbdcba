import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArchive, IconClock, IconFolder, IconLayoutKanban, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/session';

const SECTIONS: { key: string; icon: ReactNode }[] = [
  { key: 'folders', icon: <IconFolder aria-hidden size={28} /> },
  { key: 'projects', icon: <IconLayoutKanban aria-hidden size={28} /> },
  { key: 'favorites', icon: <IconStar aria-hidden size={28} /> },
  { key: 'archived', icon: <IconArchive aria-hidden size={28} /> },
  { key: 'activity', icon: <IconClock aria-hidden size={28} /> },
];

/** /welcome and /home: folders, archived folders, projects, favorites and activity. */
export default function HomeRoute() {
  const { t } = useTranslation('home');
  const user = useCurrentUser();
  return (
    <Page title={t('title')}>
      <Text>{t('welcome', { name: user?.name ?? '' })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SECTIONS.map(({ key, icon }) => (
          <Paper key={key} component="section" aria-labelledby={`home-${key}`} withBorder p="md" radius="md">
            <Title order={2} size="h4" id={`home-${key}`}>
              {t(`${key}.title`)}
            </Title>
            <EmptyState icon={icon} title={t(`${key}.empty`)} />
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('later')}
      </Text>
    </Page>
  );
}
