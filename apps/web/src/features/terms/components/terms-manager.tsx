import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { TermsDraftInputSchema, type TermsVersion } from '@teamboard/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useDiscardTermsDraft } from '../api/discard-terms-draft';
import { useTermsHistory } from '../api/get-terms-history';
import { usePublishTerms } from '../api/publish-terms';
import { useSaveTermsDraft } from '../api/save-terms-draft';
import { TermsBodyField } from './terms-body-field';
import { termsDate } from './terms-text';
import { Markdown } from '../../../components/markdown';

/** A published version: its number, date and publisher, and its text in both languages. */
function VersionText({ terms }: { terms: TermsVersion }) {
  const { t } = useTranslation('terms');
  return (
    <Tabs defaultValue="en" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="en">{t('manage.english')}</Tabs.Tab>
        <Tabs.Tab value="es">{t('manage.spanish')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="en" pt="sm">
        <Markdown text={terms.body_en} />
      </Tabs.Panel>
      <Tabs.Panel value="es" pt="sm">
        <Markdown text={terms.body_es} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** "Published on <date> by <name>" in the reader's language. */
function usePublishedLine(): (terms: TermsVersion) => string {
  const { t, i18n } = useTranslation('terms');
  return (terms) => {
    const date = termsDate(terms.published_at, i18n.language);
    return terms.published_by
      ? t('manage.published_by', { date, name: terms.published_by.name })
      : t('manage.published', { date });
  };
}

/**
 * The dashboard's Terms tab (admins): the version in force, the draft of the next one (English and
 * Spanish Markdown with previews), publishing it, and every earlier version.
 */
export function TermsManager() {
  const { t, i18n } = useTranslation('terms');
  const history = useTermsHistory();
  const publishedLine = usePublishedLine();
  const save = useSaveTermsDraft();
  const discard = useDiscardTermsDraft();
  const publish = usePublishTerms();
  const [values, setValues] = useState<{ body_en: string; body_es: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const versions = history.data?.data ?? [];
  const draft = history.data?.draft ?? null;
  const current = versions[0] ?? null;

  // The editor starts from the saved draft, else from the current text.
  useEffect(() => {
    if (!history.data || values !== null) return;
    const from = history.data.draft ?? history.data.data[0];
    setValues({ body_en: from?.body_en ?? '', body_es: from?.body_es ?? '' });
  }, [history.data, values]);

  if (history.isPending || values === null) return <Loader role="status" aria-label={t('manage.tab')} />;
  if (history.isError) {
    return (
      <Alert color="red" role="alert">
        {history.error.message}
      </Alert>
    );
  }
  const isUnsaved = draft === null || draft.body_en !== values.body_en || draft.body_es !== values.body_es;
  const nextVersion = (current?.version ?? 0) + 1;

  function handleSave() {
    const result = validate(TermsDraftInputSchema, values);
    setErrors(result.errors ?? {});
    if (result.data !== null) save.mutate(result.data, { onSuccess: () => notifySuccess(t('manage.saved')) });
  }

  return (
    <Stack gap="lg">
      {current && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Group gap="xs">
              <Title order={2} size="h4">
                {t('manage.current')}
              </Title>
              <Badge variant="light">{t('manage.version', { version: current.version })}</Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {publishedLine(current)}
            </Text>
            <VersionText terms={current} />
          </Stack>
        </Paper>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4">
              {t('manage.draft_title')}
            </Title>
            <Badge variant="outline">{t('manage.version', { version: nextVersion })}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {draft
              ? t('manage.draft_saved', {
                  date: termsDate(draft.updated_at, i18n.language),
                  name: draft.updated_by?.name ?? t('manage.someone'),
                })
              : t('manage.no_draft')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TermsBodyField
              label={t('manage.body_en')}
              value={values.body_en}
              error={errors.body_en}
              onChange={(body_en) => setValues({ ...values, body_en })}
            />
            <TermsBodyField
              label={t('manage.body_es')}
              value={values.body_es}
              error={errors.body_es}
              onChange={(body_es) => setValues({ ...values, body_es })}
            />
          </SimpleGrid>
          {draft && isUnsaved && (
            <Text size="sm" c="orange.8">
              {t('manage.unsaved')}
            </Text>
          )}
          <Group gap="sm">
            <Button onClick={handleSave} loading={save.isPending} disabled={!isUnsaved}>
              {t('manage.save')}
            </Button>
            <Button
              color="green"
              disabled={draft === null || isUnsaved}
              onClick={() => setIsConfirming(true)}
            >
              {t('manage.publish')}
            </Button>
            {draft && (
              <Button
                variant="subtle"
                color="red"
                loading={discard.isPending}
                onClick={() =>
                  discard.mutate(undefined, {
                    onSuccess: () => {
                      setValues(null);
                      notifySuccess(t('manage.discarded'));
                    },
                  })
                }
              >
                {t('manage.discard')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {versions.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('manage.history')}
          </Title>
          <Accordion variant="separated">
            {versions.map((version) => (
              <Accordion.Item key={version.version} value={String(version.version)}>
                <Accordion.Control>
                  {t('manage.history_item', {
                    version: version.version,
                    published: publishedLine(version),
                  })}
                </Accordion.Control>
                <Accordion.Panel>
                  <VersionText terms={version} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      )}

      <ConfirmModal
        opened={isConfirming}
        title={t('manage.publish_title', { version: nextVersion })}
        text={t('manage.publish_text')}
        confirmLabel={t('manage.publish')}
        cancelLabel={t('manage.cancel')}
        isPending={publish.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: (published) => {
              setIsConfirming(false);
              setValues(null);
              notifySuccess(t('manage.published_toast', { version: published.version }));
            },
          })
        }
      />
    </Stack>
  );
}
