import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { isSyncing, useRepositories } from '../api/get-repositories';
import { codeHostingKeys } from '../api/keys';
import { LinkRepositoryForm } from './link-repository-form';
import { PullRequestTable } from './pull-request-table';
import { RepositoryList } from './repository-list';

interface RepositoriesScreenProps {
  projectId: string;
  /** Owners: link, unlink, webhooks, last errors. */
  canManage: boolean;
  /** Owners and members: "Sync now". */
  canSync: boolean;
}

/** When the last running sync finishes, the pull requests it collected are read again. */
function useRefreshAfterSync(projectId: string, isAnySyncing: boolean): void {
  const queryClient = useQueryClient();
  const wasSyncing = useRef(isAnySyncing);
  useEffect(() => {
    if (wasSyncing.current && !isAnySyncing)
      void queryClient.invalidateQueries({ queryKey: codeHostingKeys.pullRequests(projectId) });
    wasSyncing.current = isAnySyncing;
  }, [queryClient, projectId, isAnySyncing]);
}

/** /project/:id/repositories: the linked repositories, the link form (owners) and the pull requests. */
export function RepositoriesScreen({ projectId, canManage, canSync }: RepositoriesScreenProps) {
  const { t } = useTranslation('code_hosting');
  const { data: repositories, isPending } = useRepositories(projectId);
  useRefreshAfterSync(projectId, repositories?.some(isSyncing) ?? false);
  return (
    <Page title={t('title')}>
      {isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : (
        <RepositoryList
          projectId={projectId}
          repositories={repositories ?? []}
          canManage={canManage}
          canSync={canSync}
        />
      )}
      {canManage && <LinkRepositoryForm projectId={projectId} />}
      <PullRequestTable projectId={projectId} />
    </Page>
  );
}
