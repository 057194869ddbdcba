import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { ResetPasswordInputSchema } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useResetPassword } from '../api/reset-password';
import { useFieldError } from './field-error';

interface ResetPasswordFormProps {
  token: string;
  onReset: () => void;
}

export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const fieldError = useFieldError(errors);
  const reset = useResetPassword(token);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(ResetPasswordInputSchema, { password, password_confirmation: confirmation });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    reset.mutate(result.data, {
      onSuccess: () => {
        notifySuccess(t('reset.success'));
        onReset();
      },
    });
  }

  return (
    <Paper component="form" onSubmit={handleSubmit} noValidate withBorder p="lg" radius="md">
      <Stack gap="sm">
        <PasswordInput
          label={t('reset.new_password')}
          autoComplete="new-password"
          required
          value={password}
          error={fieldError('password')}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('fields.password_confirmation')}
          autoComplete="new-password"
          required
          value={confirmation}
          error={fieldError('password_confirmation')}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
