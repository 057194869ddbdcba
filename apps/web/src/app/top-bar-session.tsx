import { Group, Text } from '@mantine/core';
import type { User } from '@teamboard/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserMenu } from '../features/auth/components/user-menu';
import { useFolders } from '../features/folders/api/get-folders';
import { useFolderLabel, useFolderOptions } from '../features/folders/hooks/use-folder-label';
import { usePendingEvaluations } from '../features/evaluations/api/get-pending-evaluations';
import { PendingEvaluations } from '../features/evaluations/components/pending-evaluations';
import { InvitationsBell } from '../features/invitations/components/invitations-bell';
import { useReviewCount } from '../features/lessons/api/get-review-count';
import { useProject } from '../features/projects/api/get-project';

/**
 * The signed-in part of the top bar, its own chunk (top-bar.tsx loads it lazily): the menu, the bell
 * and the project title stay out of the login screen's code.
 */

/** docs/spec.md §2: with a project open, the title shows its folder (the caller's own filing) and its name. */
export function OpenProjectTitle({ projectId }: { projectId: string }) {
  const { t } = useTranslation('projects');
  const folders = useFolders();
  const folderLabel = useFolderLabel();
  const { data: project } = useProject(projectId);
  if (!project) return null;
  const folder = folders.data?.find((item) => item.id === project.folder_id);
  return (
    <Group gap={4} wrap="nowrap" miw={0} aria-label={t('top_bar')} role="group" data-testid="top-bar-title">
      {folder && (
        <>
          <Text size="sm" c="dimmed" truncate>
            {folderLabel(folder)}
          </Text>
          <IconChevronRight size={14} aria-hidden />
        </>
      )}
      <Text size="sm" fw={600} truncate>
        {project.name}
      </Text>
    </Group>
  );
}

/** The bell and the user menu; for admins, the menu's Dashboard item counts the lessons to review. */
export function UserControls({ user }: { user: User }) {
  // Folders are needed for "accept into which folder": loaded once the bell's panel opens.
  const [wantsFolders, setWantsFolders] = useState(false);
  const folders = useFolders(wantsFolders);
  const folderOptions = useFolderOptions(folders.data);
  const reviewCount = useReviewCount(user.account_type === 'admin');
  const toReview = reviewCount.data ? reviewCount.data.pending + reviewCount.data.hidden : 0;
  // The bell also lists the evaluations waiting for the caller's answers.
  const pendingEvaluations = usePendingEvaluations().data ?? [];
  return (
    <>
      <InvitationsBell
        folderOptions={folderOptions}
        onOpen={() => setWantsFolders(true)}
        extraCount={pendingEvaluations.length}
        extraSection={(close) => <PendingEvaluations evaluations={pendingEvaluations} onNavigate={close} />}
      />
      <UserMenu user={user} dashboardCount={toReview} />
    </>
  );
}
