import { Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useBoardForm } from '../hooks/use-open-form';
import { useBoardTaskRequests } from '../board-task-requests';

/** The board's archived tasks, each with Restore (editors). */
export function ArchivedTasksDrawer({ boardId, canEdit }: { boardId: number; canEdit: boolean }) {
  const { t } = useTranslation('boards');
  const drawer = useBoardForm('archived');
  const { useArchivedTasks, useRestoreTask } = useBoardTaskRequests();
  const { data: tasks, isPending } = useArchivedTasks(boardId, drawer.isOpen);
  const restore = useRestoreTask(boardId);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconArchive size={14} aria-hidden />}
        onClick={drawer.open}
      >
        {t('archived.open')}
      </Button>
      <Drawer opened={drawer.isOpen} onClose={drawer.close} position="right" title={t('archived.title')}>
        {isPending ? (
          <Loader size="sm" role="status" aria-label={t('loading')} />
        ) : tasks && tasks.length > 0 ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {tasks.map((task) => (
              <Group component="li" key={task.id} justify="space-between" wrap="nowrap">
                <Text size="sm">{task.title}</Text>
                {canEdit && (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('archived.restore_named', { title: task.title })}
                    loading={restore.isPending && restore.variables === task.id}
                    onClick={() =>
                      restore.mutate(task.id, { onSuccess: () => notifySuccess(t('archived.restored')) })
                    }
                  >
                    {t('archived.restore')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('archived.empty')}
          </Text>
        )}
      </Drawer>
    </>
  );
}
