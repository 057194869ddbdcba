import { Button, Group, Modal, Text } from '@mantine/core';
import { LessonAbuseInputSchema, type Lesson } from '@teamboard/contract';
import { IconFlag, IconFlagCheck, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useReportLesson } from '../api/report-lesson';
import { useVoteLesson } from '../api/vote-lesson';
import { ReasonForm } from './reason-form';

/**
 * A published lesson's vote toggle with its count, and "Report abuse" (once; then "Reported"). Its
 * author sees the count with the vote disabled and no report (the server refuses both anyway).
 */
export function LessonReaderActions({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('lessons');
  const vote = useVoteLesson();
  const [isReporting, setIsReporting] = useState(false);
  return (
    <Group gap="sm" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <Button
          variant={lesson.voted ? 'filled' : 'default'}
          aria-pressed={lesson.voted}
          disabled={lesson.is_author}
          aria-describedby={lesson.is_author ? 'lesson-own-note' : undefined}
          leftSection={
            lesson.voted ? <IconThumbUpFilled size={16} aria-hidden /> : <IconThumbUp size={16} aria-hidden />
          }
          loading={vote.isPending}
          onClick={() => vote.mutate({ lessonId: lesson.lesson_id, isVoting: !lesson.voted })}
        >
          {t('detail.vote')}
        </Button>
        <Text size="sm" data-testid="lesson-votes" aria-live="polite">
          {t('votes', { count: lesson.votes })}
        </Text>
      </Group>
      {lesson.is_author ? (
        <Text size="sm" c="dimmed" id="lesson-own-note">
          {t('detail.own_lesson')}
        </Text>
      ) : lesson.reported ? (
        <Button variant="subtle" color="gray" disabled leftSection={<IconFlagCheck size={16} aria-hidden />}>
          {t('detail.reported')}
        </Button>
      ) : (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconFlag size={16} aria-hidden />}
          onClick={() => setIsReporting(true)}
        >
          {t('detail.report')}
        </Button>
      )}
      <Modal opened={isReporting} onClose={() => setIsReporting(false)} title={t('report.title')}>
        {isReporting && <ReportForm lesson={lesson} onDone={() => setIsReporting(false)} />}
      </Modal>
    </Group>
  );
}

function ReportForm({ lesson, onDone }: { lesson: Lesson; onDone: () => void }) {
  const { t } = useTranslation('lessons');
  const report = useReportLesson();
  return (
    <ReasonForm
      schema={LessonAbuseInputSchema}
      isRequired={false}
      intro={t('report.text')}
      label={t('report.reason')}
      submitLabel={t('report.submit')}
      isPending={report.isPending}
      onCancel={onDone}
      onSubmit={(input) =>
        report.mutate(
          { lessonId: lesson.lesson_id, input },
          {
            onSuccess: () => {
              notifySuccess(t('report.done'));
              onDone();
            },
          },
        )
      }
    />
  );
}
