import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconChevronRight, IconLayoutKanban } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { UserMenu } from '../features/auth/components/user-menu';
import { useFolders } from '../features/folders/api/get-folders';
import { useFolderLabel, useFolderOptions } from '../features/folders/hooks/use-folder-label';
import { InvitationsBell } from '../features/invitations/components/invitations-bell';
import { useProject } from '../features/projects/api/get-project';
import { useCurrentUser } from '../lib/session';

/** SPEC §2: with a project open, the title shows its folder (the caller's own filing) and its name. */
function OpenProjectTitle({ projectName, folderName }: { projectName: string; folderName?: string }) {
  const { t } = useTranslation('projects');
  return (
    <Group gap={4} wrap="nowrap" miw={0} aria-label={t('top_bar')} role="group" data-testid="top-bar-title">
      {folderName && (
        <>
          <Text size="sm" c="dimmed" truncate>
            {folderName}
          </Text>
          <IconChevronRight size={14} aria-hidden />
        </>
      )}
      <Text size="sm" fw={600} truncate>
        {projectName}
      </Text>
    </Group>
  );
}

/** The top bar (SPEC §2): title, language, then either sign-in links or the user's controls. */
export function TopBar() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const projectId = useMatch('/project/:id/*')?.params.id;
  const [wantsFolders, setWantsFolders] = useState(false);
  // Folders are needed for the title's folder name and for "accept into which folder".
  const folders = useFolders(user !== null && (wantsFolders || projectId !== undefined));
  const folderOptions = useFolderOptions(folders.data);
  const folderLabel = useFolderLabel();
  const { data: project } = useProject(user ? projectId : undefined);
  const folder = folders.data?.find((item) => item.id === project?.folder_id);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap" miw={0}>
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
        {user && projectId && project && (
          <OpenProjectTitle
            projectName={project.name}
            folderName={folder ? folderLabel(folder) : undefined}
          />
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LanguageSelect />
        {user ? (
          <>
            <InvitationsBell folderOptions={folderOptions} onOpen={() => setWantsFolders(true)} />
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
