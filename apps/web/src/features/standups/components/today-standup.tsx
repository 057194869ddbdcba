import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Standup } from '@teamboard/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTodayStandups } from '../api/get-standups';
import { StandupFacts } from './standup-content';
import { StandupForm } from './standup-form';

interface TodayStandupProps {
  projectId: string;
  currentUserId: number;
  standupPath: (standup: Standup) => string;
}

/**
 * The caller's stand-up for the project's today: the form while it is missing, else what was sent
 * with "Edit today's stand-up" (the same form, filled in).
 */
export function TodayStandup({ projectId, currentUserId, standupPath }: TodayStandupProps) {
  const { t } = useTranslation('standups');
  const { data, isPending, isError, error } = useTodayStandups(projectId);
  const [isEditing, setIsEditing] = useState(false);
  const mine = data?.standups.find(
    (standup) => standup.user_id === currentUserId && standup.day === data.today,
  );

  let content;
  if (isPending) content = <Loader size="sm" role="status" aria-label={t('loading')} />;
  else if (isError || !data)
    content = (
      <Alert color="red" role="alert">
        {error?.message}
      </Alert>
    );
  else if (!mine)
    content = (
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap">
          <IconAlertCircle size={18} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm">{t('today.missing')}</Text>
        </Group>
        <StandupForm projectId={projectId} onDone={() => setIsEditing(false)} />
      </Stack>
    );
  else if (isEditing && mine.is_editable)
    content = (
      <StandupForm
        key={mine.updated_at}
        projectId={projectId}
        standup={mine}
        onDone={() => setIsEditing(false)}
        onCancel={() => setIsEditing(false)}
      />
    );
  else
    content = (
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text size="sm">{t('today.submitted')}</Text>
        </Group>
        <StandupFacts standup={mine} />
        <Group gap="sm">
          {mine.is_editable && (
            <Button size="xs" variant="light" onClick={() => setIsEditing(true)}>
              {t('today.edit')}
            </Button>
          )}
          <Anchor component={Link} to={standupPath(mine)} size="sm">
            {t('today.open')}
          </Anchor>
        </Group>
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="today-standup-title">
      <Title order={2} size="h4" mb="sm" id="today-standup-title">
        {t('today.title')}
      </Title>
      {content}
    </Paper>
  );
}
