import {
  Button,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CODE_HOSTS,
  LinkRepositoryInputSchema,
  REPOSITORY_URL_MAX_LENGTH,
  type CodeHost,
} from '@teamboard/contract';
import { IconBrandGithub, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCodeHostingConfig } from '../api/get-code-hosting-config';
import { useLinkRepository } from '../api/link-repository';
import { isWebLink } from '../format';

type Field = 'provider' | 'url' | 'base_url' | 'token';
/** Localized sentences, one per field. */
type Messages = Partial<Record<Field, string>>;

/** The field a refusal of the server belongs under; the others are a toast. */
const SERVER_ERROR_FIELDS: Partial<Record<string, Field>> = {
  PROVIDER_NOT_VALID: 'provider',
  REPOSITORY_URL_NOT_VALID: 'url',
  REPOSITORY_PATH_NOT_ALLOWED: 'url',
  REPOSITORY_ALREADY_LINKED: 'url',
  ADDRESS_NOT_ALLOWED: 'url',
  TOKEN_INVALID: 'token',
  TOKEN_NOT_SUPPORTED: 'token',
};

interface LinkRepositoryFormProps {
  projectId: string;
  /** Where the browser goes for GitHub's consent (a prop so tests need not leave the page). */
  onAuthorize?: (url: string) => void;
}

function leaveFor(url: string): void {
  if (isWebLink(url)) window.location.assign(url);
}

/**
 * Owners link a repository: plain git, GitHub or GitLab, with an optional server address and token,
 * or GitHub's OAuth when the administrator set it up. Checked with the contract before it is sent.
 */
export function LinkRepositoryForm({ projectId, onAuthorize = leaveFor }: LinkRepositoryFormProps) {
  const { t } = useTranslation('code_hosting');
  const config = useCodeHostingConfig();
  const link = useLinkRepository(projectId);
  const [provider, setProvider] = useState<CodeHost>('git');
  const [url, setUrl] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [isAdvancedOpen, setAdvancedOpen] = useState(false);
  const [messages, setMessages] = useState<Messages>({});
  const advancedId = useId();
  const titleId = useId();
  const usesOAuth = provider === 'github' && config.data?.github_oauth === true;
  // GitHub Enterprise and self-hosted GitLab have a server address and a token; a plain git remote
  // is its own address, and is read without a token.
  const hasServer = provider !== 'git';
  const hasToken = hasServer && !usesOAuth;
  const urlHelp =
    provider === 'git' && config.data?.local_repositories ? 'help.git_local' : `help.${provider}`;

  // A field's message goes as soon as the person changes that field, not at the next submit.
  const clear = (field: Field) =>
    setMessages((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));

  function show(found: Messages) {
    setMessages(found);
    if (found.base_url) setAdvancedOpen(true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(LinkRepositoryInputSchema, {
      provider,
      url,
      base_url: (hasServer && baseUrl.trim()) || undefined,
      token: (hasToken && token.trim()) || undefined,
      authorize: usesOAuth || undefined,
    });
    const found: Messages = {};
    for (const [field, code] of Object.entries(result.errors ?? {})) {
      if (code) found[field as Field] = t(`errors:${code}`);
    }
    show(found);
    if (result.data === null) return;
    link.mutate(result.data, {
      onSuccess: ({ authorize_url: authorizeUrl }) => {
        if (authorizeUrl !== null) {
          onAuthorize(authorizeUrl);
          return;
        }
        notifySuccess(t('form.linked'));
        setUrl('');
        setToken('');
      },
      onError: (error) => {
        const field = isApiError(error) && error.code ? SERVER_ERROR_FIELDS[error.code] : undefined;
        if (field) show({ [field]: error.message });
        else notifyFailure(error);
      },
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {t('form.title')}
          </Title>
          <NativeSelect
            label={t('form.provider')}
            value={provider}
            data={CODE_HOSTS.map((value) => ({ value, label: t(`providers.${value}`) }))}
            error={messages.provider}
            onChange={(event) => {
              setProvider(event.currentTarget.value as CodeHost);
              clear('provider');
            }}
          />
          <TextInput
            label={t('form.url')}
            required
            placeholder={t(`form.placeholder.${provider}`)}
            description={t(`form.${urlHelp}`)}
            value={url}
            maxLength={REPOSITORY_URL_MAX_LENGTH}
            error={messages.url}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              clear('url');
            }}
          />
          {hasToken && (
            <PasswordInput
              label={t('form.token')}
              description={t('form.token_help')}
              value={token}
              autoComplete="off"
              error={messages.token}
              onChange={(event) => {
                setToken(event.currentTarget.value);
                clear('token');
              }}
            />
          )}
          {hasServer && (
            <>
              <Button
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                px={0}
                leftSection={
                  isAdvancedOpen ? (
                    <IconChevronDown size={14} aria-hidden />
                  ) : (
                    <IconChevronRight size={14} aria-hidden />
                  )
                }
                aria-expanded={isAdvancedOpen}
                aria-controls={advancedId}
                onClick={() => setAdvancedOpen((open) => !open)}
              >
                {t('form.advanced')}
              </Button>
              <Collapse expanded={isAdvancedOpen} id={advancedId}>
                <TextInput
                  label={t('form.base_url')}
                  description={t('form.base_url_help')}
                  placeholder={t(`form.base_url_placeholder.${provider}`)}
                  type="url"
                  value={baseUrl}
                  maxLength={REPOSITORY_URL_MAX_LENGTH}
                  error={messages.base_url}
                  onChange={(event) => {
                    setBaseUrl(event.currentTarget.value);
                    clear('base_url');
                  }}
                />
              </Collapse>
            </>
          )}
          {usesOAuth && (
            <Text size="sm" c="dimmed">
              {t('form.oauth_help')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={link.isPending}
              leftSection={usesOAuth ? <IconBrandGithub size={16} aria-hidden /> : undefined}
            >
              {usesOAuth ? t('form.oauth') : t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
