import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTaskLogs } from '../../api/get-task-logs';
import { logSentences, type LogNames } from './log-sentences';
import type { PanelProps } from './panel-props';
import { useFormat } from '../../../../lib/use-format';

export function LogsPanel({ taskId, names }: PanelProps & { names: LogNames }) {
  const { t, i18n } = useTranslation('tasks');
  const format = useFormat();
  const { data: logs = [], isPending } = useTaskLogs(taskId);
  if (!isPending && logs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('logs.empty')}
      </Text>
    );
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {logs.flatMap((log) =>
        logSentences(log, names, t, i18n.language).map((sentence, index) => (
          <Text component="li" key={`${log.id}-${index}`} size="sm">
            {sentence}{' '}
            <Text span size="xs" c="dimmed">
              {format.dateTime(log.created_at)}
            </Text>
          </Text>
        )),
      )}
    </Stack>
  );
}
