import { Stack } from '@mantine/core';
import type { Repository } from '@teamboard/contract';
import { IconGitBranch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { notifySuccess } from '../../../lib/notify';
import { useUnlinkRepository } from '../api/unlink-repository';
import { RepositoryItem } from './repository-item';

interface RepositoryListProps {
  projectId: string;
  repositories: Repository[];
  canManage: boolean;
  canSync: boolean;
}

/** The project's linked repositories, with the confirmation an unlink asks for. */
export function RepositoryList({ projectId, repositories, canManage, canSync }: RepositoryListProps) {
  const { t } = useTranslation('code_hosting');
  const unlink = useUnlinkRepository(projectId);
  const [toUnlink, setToUnlink] = useState<Repository | null>(null);

  if (repositories.length === 0)
    return (
      <EmptyState
        icon={<IconGitBranch aria-hidden size={28} />}
        title={t('list.empty')}
        description={canManage ? t('list.empty_owner') : t('list.empty_reader')}
      />
    );
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
        {repositories.map((repository) => (
          <RepositoryItem
            key={repository.id}
            projectId={projectId}
            repository={repository}
            canManage={canManage}
            canSync={canSync}
            onUnlink={setToUnlink}
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={toUnlink !== null}
        title={t('unlink.title', { name: toUnlink?.name ?? '' })}
        text={t('unlink.text')}
        confirmLabel={t('unlink.confirm')}
        cancelLabel={t('unlink.cancel')}
        isPending={unlink.isPending}
        isDestructive
        onClose={() => setToUnlink(null)}
        onConfirm={() =>
          toUnlink &&
          unlink.mutate(toUnlink.id, {
            onSuccess: () => notifySuccess(t('unlink.done')),
            onSettled: () => setToUnlink(null),
          })
        }
      />
    </>
  );
}
