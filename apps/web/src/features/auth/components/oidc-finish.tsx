import { Alert, Anchor, Button, Checkbox, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isErrorCode } from '@teamboard/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { currentLanguage } from '../../../lib/i18n';
import { exchangeOidcCode, useFinishOidcSignUp } from '../api/oidc-sign-in';
import { TermsModal } from './terms-modal';

type Step =
  | { kind: 'pending' }
  | { kind: 'signed_in' }
  | { kind: 'failed'; message: string }
  | { kind: 'sign_up'; code: string; email: string; name: string };

interface OidcFinishProps {
  /** The provider's name for the texts (GET /api/config), when known. */
  providerName: string | null;
  /** The terms in force (the app composes features/terms): its text in the modal, its version sent. */
  terms?: { version: number; content: ReactNode };
  onSignedIn: () => void;
}

/**
 * /oidc/finish: the provider sent the browser back to the server, which left a one-time code (or an
 * error code) in this page's URL fragment. The code is taken out of the address at once and exchanged
 * by a POST: a known account is signed in; a new person accepts the terms first (the sign-up
 * screen's checkbox), then the account is created.
 */
export function OidcFinish({ providerName, terms: shownTerms, onSignedIn }: OidcFinishProps) {
  const { t } = useTranslation(['oidc', 'auth', 'errors']);
  const [step, setStep] = useState<Step>({ kind: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    // The code is single-use, but it has no business staying in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const code = fragment.get('code');
    const error = fragment.get('error');
    if (!code) {
      const known = isErrorCode(error) ? error : 'OIDC_SIGN_IN_FAILED';
      setStep({ kind: 'failed', message: t(`errors:${known}`) });
      return;
    }
    exchangeOidcCode(code).then(
      (result) => {
        if ('user' in result) setStep({ kind: 'signed_in' });
        else setStep({ kind: 'sign_up', code, ...result.signUp });
      },
      (failure: unknown) =>
        setStep({
          kind: 'failed',
          message: failure instanceof ApiError ? failure.message : t('errors:UNEXPECTED'),
        }),
    );
  }, [t]);

  useEffect(() => {
    if (step.kind === 'signed_in') onSignedIn();
  }, [step.kind, onSignedIn]);

  if (step.kind === 'pending' || step.kind === 'signed_in') {
    return (
      <Stack align="center">
        <Loader aria-hidden />
        <Text>{t('finish.pending')}</Text>
      </Stack>
    );
  }
  if (step.kind === 'failed') {
    return (
      <Stack>
        <Alert color="red" role="alert" title={t('finish.failed_title')}>
          {step.message}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('finish.back')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <FinishSignUpForm
      code={step.code}
      email={step.email}
      name={step.name}
      providerName={providerName ?? t('finish.provider_fallback')}
      terms={shownTerms}
      onSignedIn={onSignedIn}
    />
  );
}

interface FinishSignUpFormProps {
  code: string;
  email: string;
  name: string;
  providerName: string;
  terms?: { version: number; content: ReactNode };
  onSignedIn: () => void;
}

/** The finish-sign-up step: who the provider says the person is, and the terms to accept. */
function FinishSignUpForm({
  code,
  email,
  name,
  providerName,
  terms: shownTerms,
  onSignedIn,
}: FinishSignUpFormProps) {
  const { t } = useTranslation(['oidc', 'auth', 'errors']);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [isTermsOpen, terms] = useDisclosure(false);
  const finish = useFinishOidcSignUp();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!termsAccepted) {
      setTermsError(t('errors:TERMS_NOT_ACCEPTED'));
      return;
    }
    setTermsError(null);
    finish.mutate(
      {
        code,
        terms_accepted: true,
        language: currentLanguage(),
        ...(shownTerms ? { terms_version: shownTerms.version } : {}),
      },
      { onSuccess: onSignedIn },
    );
  }

  return (
    <Paper component="form" onSubmit={handleSubmit} noValidate withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('finish.sign_up_title')}
        </Title>
        <Text size="sm">{t('finish.sign_up_text', { provider: providerName })}</Text>
        <TextInput label={t('auth:fields.name')} value={name} readOnly />
        <TextInput label={t('auth:fields.email')} value={email} readOnly />
        <Checkbox
          label={t('auth:register.terms')}
          checked={termsAccepted}
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          error={termsError}
        />
        <Anchor component="button" type="button" size="sm" ta="left" onClick={terms.open}>
          {t('auth:register.read_terms')}
        </Anchor>
        {finish.isError && (
          <Alert color="red" role="alert">
            {finish.error.message}
          </Alert>
        )}
        <Button type="submit" loading={finish.isPending} fullWidth>
          {t('finish.submit')}
        </Button>
      </Stack>
      <TermsModal opened={isTermsOpen} onClose={terms.close} content={shownTerms?.content} />
    </Paper>
  );
}
