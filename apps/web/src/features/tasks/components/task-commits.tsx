import {
  ActionIcon,
  Button,
  Code,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LinkCommitInputSchema, type TaskCommitLink, type TaskDetail } from '@teamboard/contract';
import { IconExternalLink, IconSearch, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCommitSearch, useLinkCommit, useTaskCommits, useUnlinkCommit } from '../api/link-commit';
import type { TaskFieldsProps } from './task-fields';

/** The commits section of the task detail (docs/api-code-hosting.md). */
const COMMIT_SEARCH_DEBOUNCE_MS = 300;
const SHORT_SHA_LENGTH = 7;
const plainList = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Only http(s) addresses become links: a stored row from before that rule (or an import) must
 * never become a javascript: link, so anything else shows as plain text.
 */
const isWebLink = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);
const firstLine = (message: string) => message.split('\n', 1)[0]?.trim() ?? '';
const shortSha = (sha: string) => sha.slice(0, SHORT_SHA_LENGTH);

function LinkedCommit({
  link,
  canEdit,
  isUnlinking,
  onUnlink,
}: {
  link: TaskCommitLink;
  canEdit: boolean;
  isUnlinking: boolean;
  onUnlink: () => void;
}) {
  const { t } = useTranslation('tasks');
  const format = useFormat();
  const { commit } = link;
  const url = link.url ?? commit?.url ?? null;
  const title = firstLine(link.message);
  const name = commit ? `${shortSha(commit.sha)} ${title}` : title;
  const when = format.date(commit?.committed_at ?? link.created_at);
  const how = t(link.linked_by === 'hand' ? 'commits.by_hand' : 'commits.from_message');
  return (
    <Group component="li" gap={4} wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {commit && <Code>{shortSha(commit.sha)}</Code>}
          <Text size="sm" truncate="end" title={link.message}>
            {title}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {[commit?.author_name, when, how].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      {isWebLink(url) && (
        <ActionIcon
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size="sm"
          aria-label={t('commits.open', { name })}
        >
          <IconExternalLink size={14} aria-hidden />
        </ActionIcon>
      )}
      {canEdit && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          loading={isUnlinking}
          aria-label={t('commits.unlink', { name })}
          onClick={onUnlink}
        >
          <IconUnlink size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Finds a collected commit of the project by message or SHA; a click links it. */
function CommitSearch({ task, linkedIds }: { task: TaskDetail; linkedIds: Set<number> }) {
  const { t } = useTranslation('tasks');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), COMMIT_SEARCH_DEBOUNCE_MS);
  const search = useCommitSearch(task.project_id, debounced);
  const link = useLinkCommit(task.id);
  const results = (search.data ?? []).filter((commit) => !linkedIds.has(commit.id));
  return (
    <Stack gap={4}>
      <TextInput
        size="xs"
        type="search"
        label={t('commits.search')}
        placeholder={t('commits.search_placeholder')}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={search.isFetching ? <Loader size={12} aria-hidden /> : null}
        value={q}
        maxLength={200}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      {debounced !== '' &&
        search.data &&
        (results.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('commits.no_results')}
          </Text>
        ) : (
          <Stack component="ul" gap={2} aria-label={t('commits.results')} style={plainList}>
            {results.map((commit) => (
              <li key={commit.id}>
                <UnstyledButton
                  w="100%"
                  disabled={link.isPending}
                  onClick={() => link.mutate({ commit_id: commit.id }, { onSuccess: () => setQ('') })}
                >
                  <Group gap={6} wrap="nowrap">
                    <Code>{shortSha(commit.sha)}</Code>
                    <Text size="xs" truncate="end" style={{ flex: 1 }}>
                      {firstLine(commit.message)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end" maw="35%">
                      {commit.author_name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

/** Links any commit by its address (SPEC §4's hand link), for one the sync did not collect. */
function CommitAddressForm({ taskId }: { taskId: number }) {
  const { t } = useTranslation('tasks');
  const link = useLinkCommit(taskId);
  const [message, setMessage] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        label={t('fields.commit_message')}
        value={message}
        error={errors.message && t(`errors:${errors.message}`)}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <TextInput
        size="xs"
        type="url"
        label={t('fields.commit_url')}
        value={url}
        error={errors.url && t(`errors:${errors.url}`)}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      <Button
        size="xs"
        w="fit-content"
        loading={link.isPending}
        onClick={() => {
          const result = validate(LinkCommitInputSchema, { message, url });
          setErrors(result.errors ?? {});
          if (result.data)
            link.mutate(result.data, {
              onSuccess: () => {
                setMessage('');
                setUrl('');
              },
            });
        }}
      >
        {t('fields.commit_link')}
      </Button>
    </Stack>
  );
}

/** The task's linked commits (from messages and by hand); editors unlink them and link more. */
export function CommitsField({ task, canEdit }: Pick<TaskFieldsProps, 'task' | 'canEdit'>) {
  const { t } = useTranslation('tasks');
  const links = useTaskCommits(task.id);
  const unlink = useUnlinkCommit(task.id);
  const [isByAddress, setByAddress] = useState(false);
  const linkedIds = new Set(links.data?.flatMap((link) => (link.commit ? [link.commit.id] : [])));
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('commits.reference_hint', { reference: `#${task.id}` })}
      </Text>
      {links.isPending ? (
        <Loader size="xs" role="status" aria-label={t('commits.loading')} />
      ) : links.error ? (
        <Text size="sm" c="red">
          {links.error.message}
        </Text>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('commits.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} aria-label={t('commits.list')} style={plainList}>
          {links.data.map((link) => (
            <LinkedCommit
              key={link.id}
              link={link}
              canEdit={canEdit}
              isUnlinking={unlink.isPending && unlink.variables === link.id}
              onUnlink={() =>
                unlink.mutate(link.id, { onSuccess: () => notifySuccess(t('commits.unlinked')) })
              }
            />
          ))}
        </Stack>
      )}
      {canEdit && (
        <>
          <CommitSearch task={task} linkedIds={linkedIds} />
          <Button
            size="compact-xs"
            variant="subtle"
            w="fit-content"
            aria-expanded={isByAddress}
            onClick={() => setByAddress((open) => !open)}
          >
            {t('commits.by_address')}
          </Button>
          {isByAddress && <CommitAddressForm taskId={task.id} />}
        </>
      )}
    </Stack>
  );
}
