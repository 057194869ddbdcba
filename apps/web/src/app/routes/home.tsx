import { Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Project } from '@teamboard/contract';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { ActivityFeed } from '../../features/activity/components/activity-feed';
import { useFolders } from '../../features/folders/api/get-folders';
import { ArchivedFolderList } from '../../features/folders/components/archived-folder-list';
import { FolderList } from '../../features/folders/components/folder-list';
import { useFolderLabel, useFolderOptions } from '../../features/folders/hooks/use-folder-label';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { useProjects } from '../../features/projects/api/get-projects';
import { CreateProjectButton } from '../../features/projects/components/create-project-button';
import { ProjectGrid } from '../../features/projects/components/project-grid';
import { sortByOrder } from '../../features/projects/hooks/use-move-project';
import { useCurrentUser } from '../../lib/session';

const NO_PROJECTS: Project[] = [];

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={`home-${id}`} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`home-${id}`}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Group justify="center" py="md">
      <Loader size="sm" role="status" aria-label={t('loading')} />
    </Group>
  );
}

/** Groups the caller's projects once per answer: by folder (in their order), favorites, counts. */
function useProjectIndex(projects: Project[] | undefined) {
  return useMemo(() => {
    const byFolder = new Map<number, Project[]>();
    for (const project of projects ?? NO_PROJECTS) {
      if (project.folder_id === null) continue;
      const list = byFolder.get(project.folder_id);
      if (list) list.push(project);
      else byFolder.set(project.folder_id, [project]);
    }
    const counts = new Map<number, number>();
    for (const [folderId, list] of byFolder) {
      byFolder.set(folderId, sortByOrder(list));
      counts.set(folderId, list.length);
    }
    const favorites = (projects ?? NO_PROJECTS)
      .filter((project) => project.is_favorite)
      .sort((a, b) => a.name.localeCompare(b.name));
    return { byFolder, counts, favorites };
  }, [projects]);
}

/** /welcome and /home: favorites, folders, archived folders, the selected folder's projects, activity. */
export default function HomeRoute() {
  const { t } = useTranslation('home');
  const user = useCurrentUser();
  const folders = useFolders();
  const projects = useProjects();
  const folderLabel = useFolderLabel();
  const folderOptions = useFolderOptions(folders.data);
  const { byFolder, counts, favorites } = useProjectIndex(projects.data);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  const folderList = folders.data ?? [];
  const requested = Number(params.get('folder'));
  const selected =
    folderList.find((folder) => folder.id === requested) ??
    folderList.find((folder) => folder.is_default) ??
    folderList.find((folder) => !folder.is_archived) ??
    null;
  const selectedId = selected?.id ?? null;

  const selectFolder = useCallback(
    (id: number) => setParams({ folder: String(id) }, { replace: true }),
    [setParams],
  );

  const isLoading = folders.isPending || projects.isPending;

  return (
    <Page title={t('title')}>
      <Group justify="space-between" gap="sm">
        <Text>{t('welcome', { name: user?.name ?? '' })}</Text>
        <CreateProjectButton
          folderOptions={folderOptions}
          defaultFolderId={selected && !selected.is_archived ? selected.id : null}
          onCreated={(project) => project.folder_id !== null && selectFolder(project.folder_id)}
        />
      </Group>

      <PendingInvitations
        folderOptions={folderOptions}
        onJoined={(project) => void navigate(`/project/${project.id}`)}
      />

      <Section id="favorites" title={t('favorites.title')}>
        {isLoading ? (
          <Loading />
        ) : (
          <ProjectGrid
            projects={favorites}
            reorderable={false}
            folderOptions={folderOptions}
            emptyTitle={t('favorites.empty')}
            emptyHint={t('favorites.empty_hint')}
          />
        )}
      </Section>

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Section id="folders" title={t('folders.title')}>
              {folders.isPending ? (
                <Loading />
              ) : (
                <FolderList
                  folders={folderList}
                  counts={counts}
                  selectedId={selectedId}
                  onSelect={selectFolder}
                />
              )}
            </Section>
            <Section id="archived" title={t('archived.title')}>
              <ArchivedFolderList
                folders={folderList}
                counts={counts}
                selectedId={selectedId}
                onSelect={selectFolder}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Section id="projects" title={t('projects.title')}>
            {selected && (
              <Text size="sm" c="dimmed" data-testid="selected-folder">
                {t('projects.in_folder', { folder: folderLabel(selected) })}
              </Text>
            )}
            {isLoading ? (
              <Loading />
            ) : (
              <ProjectGrid
                projects={(selectedId !== null ? byFolder.get(selectedId) : undefined) ?? NO_PROJECTS}
                reorderable
                folderOptions={folderOptions}
                emptyTitle={t('projects.empty')}
                emptyHint={t('projects.empty_hint')}
              />
            )}
          </Section>
        </Grid.Col>
      </Grid>

      <Section id="activity" title={t('activity.title')}>
        <ActivityFeed />
      </Section>
    </Page>
  );
}
