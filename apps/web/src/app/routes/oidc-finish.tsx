import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { usePublicConfig } from '../../features/auth/api/get-public-config';
import { OidcFinish } from '../../features/auth/components/oidc-finish';
import { useCurrentTerms } from '../../features/terms/api/get-current-terms';
import { TermsText } from '../../features/terms/components/terms-text';

/** /oidc/finish: back from the OpenID Connect provider (docs/api-oidc.md); then /welcome. */
export default function OidcFinishRoute() {
  const { t } = useTranslation('oidc');
  const navigate = useNavigate();
  const config = usePublicConfig();
  const current = useCurrentTerms();
  const terms = current.data
    ? { version: current.data.version, content: <TermsText terms={current.data} /> }
    : undefined;
  const onSignedIn = useCallback(() => navigate('/welcome', { replace: true }), [navigate]);
  return (
    <Page title={t('finish.title')} narrow>
      <OidcFinish
        providerName={config.data?.sign_in_provider ?? null}
        terms={terms}
        onSignedIn={onSignedIn}
      />
    </Page>
  );
}
