import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  KNOWLEDGE_COMMENT_MAX_LENGTH,
  KNOWLEDGE_RATING_MAX,
  KNOWLEDGE_RATING_MIN,
  type MyKnowledgeForm,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { knowledgeKeys } from '../api/keys';
import { useSaveMyKnowledgeAnswers } from '../api/save-my-knowledge-answers';

const SCALE = Array.from({ length: KNOWLEDGE_RATING_MAX - KNOWLEDGE_RATING_MIN + 1 }, (_, index) =>
  String(KNOWLEDGE_RATING_MIN + index),
);

/** Refusals of the form as a whole (it opened later or closed meanwhile): said above the button. */
const WHOLE_REFUSALS = ['KNOWLEDGE_FORM_CLOSED', 'KNOWLEDGE_FORM_NOT_OPEN', 'NOT_FOUND'];

interface Draft {
  rating: string;
  comment: string;
}

/** An open form: rate each item 1..5 with an optional comment; saved answers replace the previous. */
export function KnowledgeAnswerForm({ form }: { form: MyKnowledgeForm }) {
  const { t } = useTranslation('knowledge');
  const queryClient = useQueryClient();
  const save = useSaveMyKnowledgeAnswers();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(
      form.items.map((item) => {
        const answer = form.answers.find((candidate) => candidate.item_id === item.id);
        return [item.id, { rating: answer ? String(answer.rating) : '', comment: answer?.comment ?? '' }];
      }),
    ),
  );
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);

  const change = (itemId: number, patch: Partial<Draft>) => {
    setDrafts((current) => ({ ...current, [itemId]: { ...current[itemId]!, ...patch } }));
    if (patch.rating !== undefined && missing.has(itemId)) {
      setMissing((current) => new Set([...current].filter((id) => id !== itemId)));
    }
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const unrated = form.items.filter((item) => drafts[item.id]?.rating === '').map((item) => item.id);
    setMissing(new Set(unrated));
    setRefusal(null);
    if (unrated.length > 0) return;
    const input = {
      answers: form.items.map((item) => ({
        item_id: item.id,
        rating: Number(drafts[item.id]!.rating),
        comment: drafts[item.id]!.comment.trim(),
      })),
    };
    save.mutate(
      { formId: form.id, input },
      {
        onSuccess: () => notifySuccess(t('mine.saved')),
        onError: (error) => {
          if (isApiError(error) && error.code && WHOLE_REFUSALS.includes(error.code)) {
            setRefusal(error.message);
            void queryClient.invalidateQueries({ queryKey: knowledgeKeys.mine });
          } else notifyFailure(error);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={form.title}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('mine.rate_hint')}
        </Text>
        {form.items.map((item) => (
          <Stack key={item.id} gap={6}>
            <Radio.Group
              label={item.name}
              required
              value={drafts[item.id]!.rating}
              error={missing.has(item.id) ? t('errors:KNOWLEDGE_RATING_NOT_VALID') : undefined}
              onChange={(value) => change(item.id, { rating: value })}
            >
              <Group gap="md" mt={6}>
                {SCALE.map((option) => (
                  <Radio key={option} value={option} label={option} />
                ))}
              </Group>
            </Radio.Group>
            <TextInput
              aria-label={t('mine.comment', { item: item.name })}
              placeholder={t('mine.comment_label')}
              maxLength={KNOWLEDGE_COMMENT_MAX_LENGTH}
              value={drafts[item.id]!.comment}
              onChange={(event) => change(item.id, { comment: event.currentTarget.value })}
            />
          </Stack>
        ))}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('mine.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
