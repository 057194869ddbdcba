import { Alert, Button, Checkbox, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptTerms } from '../api/accept-terms';
import { useCurrentTerms } from '../api/get-current-terms';
import { TermsText } from './terms-text';

/**
 * Shown in place of any page while the signed-in person has not accepted the current terms (the
 * server refuses everything else meanwhile): the text in their language, a checkbox and accept.
 */
export default function AcceptTermsScreen() {
  const { t } = useTranslation('terms');
  const current = useCurrentTerms();
  const accept = useAcceptTerms();
  const [isChecked, setIsChecked] = useState(false);
  const terms = current.data;
  return (
    <Page title={t('accept.title')}>
      {terms ? (
        <Stack gap="md" maw={760}>
          <Text>{t('accept.intro', { version: terms.version })}</Text>
          <Paper withBorder p="md" radius="md">
            <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
              <div data-testid="terms-text">
                <TermsText terms={terms} />
              </div>
            </ScrollArea.Autosize>
          </Paper>
          <Checkbox
            label={t('accept.checkbox')}
            checked={isChecked}
            onChange={(event) => setIsChecked(event.currentTarget.checked)}
          />
          <div>
            <Button
              disabled={!isChecked}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(terms.version, { onSuccess: () => notifySuccess(t('accept.accepted')) })
              }
            >
              {t('accept.submit')}
            </Button>
          </div>
          <Text size="sm" c="dimmed">
            {t('accept.sign_out_hint')}
          </Text>
        </Stack>
      ) : current.isError ? (
        <Alert color="red" role="alert">
          {current.error.message}
        </Alert>
      ) : (
        <Loader role="status" aria-label={t('accept.title')} />
      )}
    </Page>
  );
}
