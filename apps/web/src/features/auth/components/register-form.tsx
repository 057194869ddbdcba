import { Anchor, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SignUpInputSchema } from '@teamboard/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useSignUp } from '../api/sign-up';
import { useFieldError } from './field-error';
import { TermsModal } from './terms-modal';

interface RegisterFormProps {
  onRegistered: () => void;
  /** The terms in force (the app composes features/terms): its text in the modal, its version sent. */
  terms?: { version: number; content: ReactNode };
}

const EMPTY = { name: '', email: '', password: '', password_confirmation: '' };

/** Sign-up with the contract's rules; messages under each field (docs/spec.md §5). */
export function RegisterForm({ onRegistered, terms: shownTerms }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isTermsOpen, terms] = useDisclosure(false);
  const fieldError = useFieldError(errors);
  const signUp = useSignUp();

  function bind(field: keyof typeof EMPTY) {
    return {
      value: values[field],
      error: fieldError(field),
      onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
        setValues({ ...values, [field]: event.currentTarget.value }),
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      ...values,
      terms_accepted: termsAccepted,
      language: currentLanguage(),
      ...(shownTerms ? { terms_version: shownTerms.version } : {}),
    };
    const result = validate(SignUpInputSchema, input);
    setErrors(result.errors ?? {});
    if (result.data !== null) signUp.mutate(result.data, { onSuccess: onRegistered });
  }

  return (
    <Paper component="form" onSubmit={handleSubmit} noValidate withBorder p="lg" radius="md">
      <Stack gap="sm">
        <TextInput label={t('fields.name')} autoComplete="name" required {...bind('name')} />
        <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...bind('email')} />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
          {...bind('password')}
        />
        <PasswordInput
          label={t('fields.password_confirmation')}
          autoComplete="new-password"
          required
          {...bind('password_confirmation')}
        />
        <Checkbox
          label={t('register.terms')}
          checked={termsAccepted}
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          error={fieldError('terms_accepted')}
        />
        <Anchor component="button" type="button" size="sm" ta="left" onClick={terms.open}>
          {t('register.read_terms')}
        </Anchor>
        <Button type="submit" loading={signUp.isPending} fullWidth>
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.have_account')}{' '}
          <Anchor component={Link} to="/login">
            {t('register.login')}
          </Anchor>
        </Text>
      </Stack>
      <TermsModal opened={isTermsOpen} onClose={terms.close} content={shownTerms?.content} />
    </Paper>
  );
}
