import { Input, SegmentedControl, Text } from '@mantine/core';
import type { EvaluationType } from '@teamboard/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationFormState } from '../hooks/use-evaluation-form';

/** Team (members rate each other) or project (everyone rates the project), with what it means. */
export function EvaluationFormType({ form }: { form: EvaluationFormState }) {
  const { t } = useTranslation('evaluations');
  const id = useId();
  const labelId = `${id}-type`;
  const hintId = `${id}-type-hint`;
  const { type } = form.values;
  return (
    <Input.Wrapper
      label={t('form.type')}
      labelElement="div"
      id={labelId}
      required
      error={form.errorOf('type')}
    >
      <SegmentedControl
        display="flex"
        w="fit-content"
        mt={4}
        aria-labelledby={`${labelId}-label`}
        aria-describedby={hintId}
        value={type}
        onChange={(value) => form.changeType(value as EvaluationType)}
        data={[
          { value: 'team', label: t('type.team') },
          { value: 'project', label: t('type.project') },
        ]}
      />
      <Text size="sm" c="dimmed" mt={6} id={hintId}>
        {t(type === 'team' ? 'form.type_team_hint' : 'form.type_project_hint')}
      </Text>
    </Input.Wrapper>
  );
}
