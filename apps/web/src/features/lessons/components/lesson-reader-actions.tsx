import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { LESSON_REASON_MAX_LENGTH, LessonAbuseInputSchema, type Lesson } from '@teamboard/contract';
import { IconFlag, IconFlagCheck, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useReportLesson } from '../api/report-lesson';
import { useVoteLesson } from '../api/vote-lesson';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(LessonAbuseInputSchema, { reason: reason.trim() === '' ? undefined : reason });
    if (result.data === null) {
      setError(t(`errors:${result.errors.reason ?? 'FIELD_NOT_VALID'}`));
      return;
    }
    report.mutate(
      { lessonId: lesson.lesson_id, input: result.data },
      {
        onSuccess: () => {
          notifySuccess(t('report.done'));
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('report.text')}</Text>
        <Textarea
          label={t('report.reason')}
          data-autofocus
          autosize
          minRows={3}
          maxRows={8}
          maxLength={LESSON_REASON_MAX_LENGTH}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            {t('report.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
