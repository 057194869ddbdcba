import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  EVALUATION_QUESTION_MAX_LENGTH,
  EVALUATION_QUESTIONS_MAX,
  type EvaluationQuestionKind,
} from '@teamboard/contract';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EvaluationFormState } from '../hooks/use-evaluation-form';
import type { QuestionDraft } from '../hooks/use-question-drafts';

/** The questions, in order: each a scale or a text, moved, removed or added here. */
export function EvaluationFormQuestions({ form }: { form: EvaluationFormState }) {
  const { t } = useTranslation('evaluations');
  const { questions } = form.values;
  const listError = form.errorOf('questions');
  return (
    <Stack component="fieldset" gap="sm" m={0} p={0} style={{ border: 'none' }}>
      <Title component="legend" order={2} size="h5" p={0} mb="xs">
        {t('form.questions')}
      </Title>
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      {questions.map((question, index) => (
        <QuestionCard
          key={question.key}
          form={form}
          question={question}
          index={index}
          isLast={index === questions.length - 1}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={questions.length >= EVALUATION_QUESTIONS_MAX}
          onClick={form.addQuestion}
        >
          {t('form.add_question')}
        </Button>
      </Group>
    </Stack>
  );
}

interface QuestionCardProps {
  form: EvaluationFormState;
  question: QuestionDraft;
  index: number;
  isLast: boolean;
}

function QuestionCard({ form, question, index, isLast }: QuestionCardProps) {
  const { t } = useTranslation('evaluations');
  const number = index + 1;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t('form.question_kind', { number })}
            value={question.kind}
            onChange={(value) => form.changeQuestion(index, { kind: value as EvaluationQuestionKind })}
            data={[
              { value: 'scale', label: t('form.kind_scale') },
              { value: 'text', label: t('form.kind_text') },
            ]}
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('form.move_up', { number })}
              disabled={index === 0}
              onClick={() => form.moveQuestion(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('form.move_down', { number })}
              disabled={isLast}
              onClick={() => form.moveQuestion(index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('form.remove_question', { number })}
              onClick={() => form.removeQuestion(index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Textarea
          label={t('form.question', { number })}
          required
          autosize
          minRows={1}
          maxRows={4}
          maxLength={EVALUATION_QUESTION_MAX_LENGTH}
          value={question.text}
          error={form.questionErrorOf(index)}
          onChange={(event) => form.changeQuestion(index, { text: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
}
