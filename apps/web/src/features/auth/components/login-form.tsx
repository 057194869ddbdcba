import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useSignIn } from '../api/sign-in';
import { OidcSignInButton } from './oidc-sign-in-button';

/**
 * The sign-in schema comes with zod (~25 kB gzip), which showing the screen does not need: it is
 * fetched when the form is first focused and awaited on submit.
 */
const loadSignInSchema = () => import('../sign-in-schema').then((module) => module.SignInInputSchema);

interface LoginFormProps {
  defaultEmail?: string;
  onSignedIn: () => void;
}

/** Email and password sign-in (docs/spec.md §2 Login). Both are required before any request is sent. */
export function LoginForm({ defaultEmail = '', onSignedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schema = await loadSignInSchema().catch(() => null);
    if (schema === null) {
      notifyError(t('errors:UNEXPECTED'));
      return;
    }
    const result = validate(schema, { email, password });
    if (result.errors !== null) {
      const code = result.errors.email ?? result.errors.password ?? 'UNEXPECTED';
      notifyError(t(`errors:${code}`));
      return;
    }
    signIn.mutate(result.data, { onSuccess: onSignedIn });
  }

  return (
    <Paper
      component="form"
      onSubmit={(event) => void handleSubmit(event)}
      onFocus={() => void loadSignInSchema().catch(() => undefined)}
      noValidate
      withBorder
      p="lg"
      radius="md"
    >
      <Stack gap="sm">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <OidcSignInButton />
        <Text size="sm" ta="center">
          {t('login.no_account')}{' '}
          <Anchor component={Link} to="/register">
            {t('login.register')}
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/resend">
            {t('login.resend')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
