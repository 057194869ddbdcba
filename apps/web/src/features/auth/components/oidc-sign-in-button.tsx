import { Button, Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/get-public-config';
import { OIDC_AUTHORIZE_URL } from '../api/oidc-sign-in';

/**
 * "Sign in with Google" (or the configured provider's name): shown only when the server has an
 * OpenID Connect provider configured, hidden (not broken) otherwise. A plain link: the browser goes to
 * the server, which sends it on to the provider.
 */
export function OidcSignInButton() {
  const { t } = useTranslation('auth');
  const config = usePublicConfig();
  const provider = config.data?.sign_in_provider;
  if (!config.data?.google_sign_in || !provider) return null;
  return (
    <>
      <Divider label={t('login.or')} labelPosition="center" />
      <Button component="a" href={OIDC_AUTHORIZE_URL} variant="default" fullWidth>
        {t('login.oidc', { provider })}
      </Button>
    </>
  );
}
