import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import type { EvaluationFormState } from '../hooks/use-evaluation-form';

/** When the evaluation opens to its members and its last day. */
export function EvaluationFormDates({ form }: { form: EvaluationFormState }) {
  const { t } = useTranslation('evaluations');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <DayInput
        label={t('form.initial_date')}
        description={t('form.initial_date_hint')}
        required
        value={form.values.initialDate}
        error={form.errorOf('initial_date')}
        onChange={form.changeInitialDate}
      />
      <DayInput
        label={t('form.deadline')}
        description={t('form.deadline_hint')}
        required
        value={form.values.deadline}
        error={form.errorOf('deadline')}
        onChange={form.changeDeadline}
      />
    </SimpleGrid>
  );
}
