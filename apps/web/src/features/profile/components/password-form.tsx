import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { UpdateProfileInputSchema } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Password change through PUT /api/auth; the current password is required by the server. */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();
  const labels = {
    current_password: t('password.current'),
    password: t('password.new'),
    password_confirmation: t('password.confirmation'),
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(UpdateProfileInputSchema, values);
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    update.mutate(result.data, {
      onSuccess: () => {
        notifySuccess(t('password.changed'));
        setValues(EMPTY);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {(Object.keys(EMPTY) as (keyof typeof EMPTY)[]).map((field) => (
          <PasswordInput
            key={field}
            label={labels[field]}
            autoComplete={field === 'current_password' ? 'current-password' : 'new-password'}
            required
            value={values[field]}
            error={errors[field] ? t(`errors:${errors[field]}`) : undefined}
            onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
