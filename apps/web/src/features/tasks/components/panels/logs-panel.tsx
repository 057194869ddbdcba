import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTaskLogs } from '../../api/get-task-logs';
import { when, type PanelProps } from './panel-props';

export function LogsPanel({ taskId }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: logs = [], isPending } = useTaskLogs(taskId);
  if (!isPending && logs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('logs.empty')}
      </Text>
    );
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {logs.map((log) => (
        <Text component="li" key={log.id} size="sm">
          <Text span fw={600}>
            {log.user_name}
          </Text>{' '}
          · {t(`logs.fields.${log.field}`, { defaultValue: log.field })}
          {(log.old_value !== null || log.new_value !== null) && (
            <>
              : {log.old_value ?? '—'} → {log.new_value ?? '—'}
            </>
          )}{' '}
          <Text span size="xs" c="dimmed">
            {when(log.created_at)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
