import { Button, Group, Text } from '@mantine/core';
import type { AssistantBatch } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../../lib/notify';
import { useSendFeedback } from '../api/batches';

/**
 * "Did this help?" after an answer (SPEC §4): "yes" keeps the exchange as lesson feedback, "no"
 * is recorded too; either way the answer is thanks.
 */
export function FeedbackQuestion({
  conversationId,
  batch,
}: {
  conversationId: number;
  batch: AssistantBatch;
}) {
  const { t } = useTranslation('assistant');
  const feedback = useSendFeedback();
  if (batch.helpful !== null)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('feedback.thanks')}
      </Text>
    );
  const answer = (helpful: boolean) =>
    feedback.mutate({ conversationId, batchId: batch.id, helpful }, { onError: notifyFailure });
  return (
    <Group gap="xs">
      <Text size="sm" id={`feedback-${batch.id}`}>
        {t('feedback.question')}
      </Text>
      <Group gap={6} role="group" aria-labelledby={`feedback-${batch.id}`}>
        <Button
          size="compact-sm"
          variant="light"
          loading={feedback.isPending && feedback.variables?.helpful === true}
          disabled={feedback.isPending}
          onClick={() => answer(true)}
        >
          {t('feedback.yes')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={feedback.isPending && feedback.variables?.helpful === false}
          disabled={feedback.isPending}
          onClick={() => answer(false)}
        >
          {t('feedback.no')}
        </Button>
      </Group>
    </Group>
  );
}
