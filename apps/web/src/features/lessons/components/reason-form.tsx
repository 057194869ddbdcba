import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { LESSON_REASON_MAX_LENGTH } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { validate } from '../../../lib/validation';

interface ReasonFormProps<S extends z.ZodType> {
  /** The body the reason goes in (`{ reason }`); its error code shows under the field. */
  schema: S;
  /** Required: the field says so. Optional: a blank reason is sent as none. */
  isRequired: boolean;
  /** Above the field, what the action does. */
  intro?: string;
  label: string;
  description?: string;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (input: z.infer<S>) => void;
}

/** A reason for an action on a lesson (reporting it, an admin's decision) in a modal: Cancel, or the red action. */
export function ReasonForm<S extends z.ZodType>({
  schema,
  isRequired,
  intro,
  label,
  description,
  submitLabel,
  isPending,
  onCancel,
  onSubmit,
}: ReasonFormProps<S>) {
  const { t } = useTranslation('lessons');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const blank = !isRequired && reason.trim() === '';
    const result = validate(schema, { reason: blank ? undefined : reason });
    if (result.errors !== null) {
      setError(t(`errors:${result.errors.reason ?? 'FIELD_NOT_VALID'}`));
      return;
    }
    onSubmit(result.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {intro && <Text size="sm">{intro}</Text>}
        <Textarea
          label={label}
          description={description}
          required={isRequired}
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
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
