import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useStandup } from '../api/get-standup';
import { useStandupFormat } from '../format';
import { isMoodWithheld, StandupFacts, StandupTexts } from './standup-content';
import { StandupForm } from './standup-form';

interface StandupScreenProps {
  projectId: string;
  standupId: number;
}

/** /project/:id/standupreports/:lesson_id: one stand-up; its author edits it on its day. */
export function StandupScreen({ projectId, standupId }: StandupScreenProps) {
  const { t } = useTranslation('standups');
  const format = useStandupFormat();
  const { data: standup, error, isPending, isError } = useStandup(standupId);
  const [isEditing, setIsEditing] = useState(false);
  const listPath = `/project/${encodeURIComponent(projectId)}/standupreports`;
  const back = (
    <Anchor component={Link} to={listPath} size="sm" w="fit-content">
      {t('standup.back')}
    </Anchor>
  );

  if (isPending && !isError && Number.isInteger(standupId) && standupId > 0) {
    return (
      <Page title={t('standup.title')}>
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Page>
    );
  }
  // One of another project, read through this project's address, is not this project's.
  if (!standup || standup.project_id !== Number(projectId)) {
    const isMissing =
      !isError ||
      standup !== undefined ||
      (isApiError(error) && (error.status === 404 || error.status === 403));
    return (
      <Page title={t('standup.title')}>
        <EmptyState
          icon={<IconMessageReport aria-hidden size={28} />}
          title={isMissing ? t('standup.not_found') : t('standup.load_failed')}
          description={isMissing ? t('standup.not_found_hint') : error?.message}
        >
          {back}
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={t('standup.page_title', { name: standup.user_name, day: format.day(standup.day) })}>
      {back}
      <Paper withBorder radius="md" p="md" component="article">
        {isEditing ? (
          <StandupForm
            projectId={projectId}
            standup={standup}
            onDone={() => setIsEditing(false)}
            onCancel={() => setIsEditing(false)}
          />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <StandupFacts standup={standup} />
              {standup.is_editable && (
                <Button size="xs" variant="light" onClick={() => setIsEditing(true)}>
                  {t('standup.edit')}
                </Button>
              )}
            </Group>
            <StandupTexts standup={standup} />
            {isMoodWithheld(standup) && (
              <Text size="xs" c="dimmed">
                {t('standup.moods_private', { name: standup.user_name })}
              </Text>
            )}
            {standup.updated_at !== standup.created_at && (
              <Text size="xs" c="dimmed">
                {t('standup.edited', { time: format.time(standup.updated_at) })}
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Page>
  );
}
