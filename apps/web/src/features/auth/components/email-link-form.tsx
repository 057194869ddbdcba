import { Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { EmailOnlyInputSchema } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useRequestEmailLink, type EmailLinkKind } from '../api/request-email-link';
import { useFieldError } from './field-error';

interface EmailLinkFormProps {
  kind: EmailLinkKind;
  onSent: () => void;
}

/** The one-field form of "forgot password" and "resend confirmation". */
export function EmailLinkForm({ kind, onSent }: EmailLinkFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const fieldError = useFieldError(errors);
  const request = useRequestEmailLink(kind);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(EmailOnlyInputSchema, { email });
    setErrors(result.errors ?? {});
    if (result.data !== null) request.mutate(result.data, { onSuccess: onSent });
  }

  return (
    <Paper component="form" onSubmit={handleSubmit} noValidate withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Text size="sm">{t(`${kind}.text`)}</Text>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError('email')}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          {t(`${kind}.submit`)}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('back_to_login')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
