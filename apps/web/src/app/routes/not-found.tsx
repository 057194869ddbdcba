import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';

/** Any path no route matches. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('not_found.title')}>
      <Text>{t('not_found.text')}</Text>
      <Anchor component={Link} to="/">
        {t('not_found.home')}
      </Anchor>
    </Page>
  );
}
