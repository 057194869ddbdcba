import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { notifySuccess } from '../../../lib/notify';
import { completeGithubAuthorization } from '../api/complete-github-authorization';
import { codeHostingKeys } from '../api/keys';

interface GithubCallbackProps {
  projectId: string;
  /** GitHub's answer in the query string: `code` and `state`, or `error` when consent was refused. */
  code: string | null;
  state: string | null;
  error: string | null;
}

/**
 * Where GitHub sends a repository's owner back after consent: hands GitHub's answer to the server
 * once, then opens the project's repositories; a failure stays on screen with a way back.
 */
export function GithubCallback({ projectId, code, state, error }: GithubCallbackProps) {
  const { t } = useTranslation('code_hosting');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const isSent = useRef(false);
  const repositoriesPath = `/project/${encodeURIComponent(projectId)}/repositories`;

  useEffect(() => {
    // GitHub's code is good for one exchange: one POST, even when React runs this effect twice
    // (StrictMode). No clean-up cancels it for the same reason; the answer is taken when it comes.
    if (error !== null || !code || !state || isSent.current) return;
    isSent.current = true;
    completeGithubAuthorization(projectId, { code, state }).then(
      (repository) => {
        void queryClient.invalidateQueries({ queryKey: codeHostingKeys.repositories(projectId) });
        notifySuccess(t('github.connected', { name: repository.name }));
        void navigate(repositoriesPath, { replace: true });
      },
      (reason: unknown) =>
        setFailure(reason instanceof Error && reason.message ? reason.message : t('errors:UNEXPECTED')),
    );
  }, [projectId, code, state, error, queryClient, navigate, repositoriesPath, t]);

  const hasAnswer = error === null && Boolean(code) && Boolean(state);
  const problem = hasAnswer ? failure : t(error === null ? 'github.incomplete' : 'github.denied');
  return (
    <Page title={t('github.title')} narrow>
      {problem === null ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text role="status">{t('github.connecting')}</Text>
        </Group>
      ) : (
        <Alert color="red" role="alert" title={t('github.failed')}>
          <Text size="sm" mb="xs">
            {problem}
          </Text>
          <Anchor component={Link} to={repositoriesPath} size="sm">
            {t('github.back')}
          </Anchor>
        </Alert>
      )}
    </Page>
  );
}
