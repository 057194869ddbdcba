import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmAccount } from '../api/confirm-account';

/** Posts the emailed confirmation token once and says how it went. */
export function ConfirmAccountStatus({ token }: { token: string | null }) {
  const { t } = useTranslation('auth');
  const confirm = useConfirmAccount(token);

  if (token === null || token === '') {
    return <Alert color="red">{t('confirmation.missing')}</Alert>;
  }
  if (confirm.isPending) {
    return (
      <Stack align="center">
        <Loader aria-hidden />
        <Text>{t('confirmation.pending')}</Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Alert color={confirm.isError ? 'red' : 'green'} role={confirm.isError ? 'alert' : 'status'}>
        {confirm.isError ? confirm.error.message : t('confirmation.success')}
      </Alert>
      <Anchor component={Link} to="/login">
        {t('confirmation.login')}
      </Anchor>
    </Stack>
  );
}
