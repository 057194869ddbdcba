import { Textarea, TextInput } from '@mantine/core';
import { EVALUATION_DESCRIPTION_MAX_LENGTH, EVALUATION_TITLE_MAX_LENGTH } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { EvaluationFormState } from '../hooks/use-evaluation-form';

/** What the evaluation is called and what it asks about. */
export function EvaluationFormDetails({ form }: { form: EvaluationFormState }) {
  const { t } = useTranslation('evaluations');
  return (
    <>
      <TextInput
        label={t('form.title')}
        required
        maxLength={EVALUATION_TITLE_MAX_LENGTH}
        value={form.values.title}
        error={form.errorOf('title')}
        onChange={(event) => form.changeTitle(event.currentTarget.value)}
      />
      <Textarea
        label={t('form.description')}
        description={t('form.description_hint')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={EVALUATION_DESCRIPTION_MAX_LENGTH}
        value={form.values.description}
        error={form.errorOf('description')}
        onChange={(event) => form.changeDescription(event.currentTarget.value)}
      />
    </>
  );
}
