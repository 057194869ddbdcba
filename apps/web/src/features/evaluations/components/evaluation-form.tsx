import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEvaluationForm, type EvaluationFormOptions } from '../hooks/use-evaluation-form';
import { EvaluationFormDates } from './evaluation-form-dates';
import { EvaluationFormDetails } from './evaluation-form-details';
import { EvaluationFormMembers } from './evaluation-form-members';
import { EvaluationFormQuestions } from './evaluation-form-questions';
import { EvaluationFormType } from './evaluation-form-type';

interface EvaluationFormProps extends EvaluationFormOptions {
  onCancel: () => void;
}

/**
 * An evaluation's draft: title, description, type, dates, members and questions. Checked with the
 * contract's schema before it is sent (the server's own messages, localized, under each field).
 */
export function EvaluationForm({ onCancel, ...options }: EvaluationFormProps) {
  const { t } = useTranslation('evaluations');
  const form = useEvaluationForm(options);
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Stack gap="md">
        <EvaluationFormDetails form={form} />
        <EvaluationFormType form={form} />
        <EvaluationFormDates form={form} />
        <EvaluationFormMembers form={form} members={options.members} evaluation={options.evaluation} />
        <EvaluationFormQuestions form={form} />
        {form.hasMessages && (
          <Alert color="red" role="alert">
            {t('form.has_errors')}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={form.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
