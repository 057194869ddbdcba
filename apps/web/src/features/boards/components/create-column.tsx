import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useCreateColumn } from '../api/create-column';
import { useBoardForm } from '../hooks/use-open-form';
import { NameForm } from './name-form';

/** "Add a column" after the last column. */
export function CreateColumn({ boardId }: { boardId: number }) {
  const { t } = useTranslation('boards');
  const form = useBoardForm('create-column');
  const create = useCreateColumn(boardId);
  return (
    <Paper withBorder radius="md" p="sm" w={280} miw={280}>
      {form.isOpen ? (
        <NameForm
          label={t('column.name')}
          submitLabel={t('column.create_submit')}
          isPending={create.isPending}
          onCancel={form.close}
          onSubmit={(name) =>
            create.mutate(
              { name },
              {
                onSuccess: () => {
                  notifySuccess(t('column.created'));
                  form.close();
                },
              },
            )
          }
        />
      ) : (
        <Button
          variant="subtle"
          size="xs"
          fullWidth
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={form.open}
        >
          {t('column.create')}
        </Button>
      )}
    </Paper>
  );
}
