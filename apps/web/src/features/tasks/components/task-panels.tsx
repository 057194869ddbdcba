import {
  ActionIcon,
  Avatar,
  Button,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  can,
  CommentInputSchema,
  CreateHourInputSchema,
  type Comment,
  type Hour,
  type ProjectRole,
} from '@teamboard/contract';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/decimal-input';
import { Markdown } from '../../../components/markdown';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCreateComment } from '../api/create-comment';
import { useCreateHour } from '../api/create-hour';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useDeleteComment } from '../api/delete-comment';
import { useDeleteHour } from '../api/delete-hour';
import { useAttachments } from '../api/get-attachments';
import { useComments } from '../api/get-comments';
import { useHours } from '../api/get-hours';
import { useTaskLogs } from '../api/get-task-logs';
import { useUpdateComment } from '../api/update-comment';
import { useUpdateHour } from '../api/update-hour';
import { useUploadAttachment } from '../api/upload-attachment';

export const PANELS = ['logs', 'report', 'reported', 'comments', 'attachments'] as const;
export type Panel = (typeof PANELS)[number];

interface PanelProps {
  taskId: number;
  role: ProjectRole | null;
  currentUserId: number;
}

const when = (iso: string) => dayjs(iso).format('D/M/YYYY HH:mm');
const today = () => dayjs().format('YYYY-MM-DD');

function LogsPanel({ taskId }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: logs = [], isPending } = useTaskLogs(taskId);
  if (!isPending && logs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('logs.empty')}
      </Text>
    );
  return (
    <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {logs.map((log) => (
        <Text component="li" key={log.id} size="sm">
          <Text span fw={600}>
            {log.user_name}
          </Text>{' '}
          · {t(`logs.fields.${log.field}`, { defaultValue: log.field })}
          {(log.old_value !== null || log.new_value !== null) && (
            <>
              : {log.old_value ?? '—'} → {log.new_value ?? '—'}
            </>
          )}{' '}
          <Text span size="xs" c="dimmed">
            {when(log.created_at)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function ReportHoursPanel({ taskId, role }: PanelProps) {
  const { t } = useTranslation('tasks');
  const create = useCreateHour(taskId);
  const [hours, setHours] = useState('');
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  if (!can(role, 'work.report_own'))
    return (
      <Text size="sm" c="dimmed">
        {t('hours.cannot_report')}
      </Text>
    );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateHourInputSchema, { hours: hours === '' ? NaN : Number(hours), date });
    setErrors(result.errors ?? {});
    if (result.data === null || create.isPending) return;
    create.mutate(result.data, {
      onSuccess: () => {
        notifySuccess(t('hours.reported'));
        setHours('');
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm">
        <DecimalInput
          label={t('hours.hours')}
          w={140}
          value={hours}
          onChange={setHours}
          error={errors.hours && t(`errors:${errors.hours}`)}
        />
        <TextInput
          type="date"
          label={t('hours.date')}
          w={180}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={errors.date && t(`errors:${errors.date}`)}
        />
        <Button type="submit" mt={24} loading={create.isPending}>
          {t('hours.submit')}
        </Button>
      </Group>
    </form>
  );
}

function HourRow({ hour, taskId, canChange }: { hour: Hour; taskId: number; canChange: boolean }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateHour(taskId);
  const remove = useDeleteHour(taskId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(hour.hours));
  return (
    <Group component="li" gap="xs">
      <Text size="sm" w={100}>
        {dayjs(hour.date).format('D/M/YYYY')}
      </Text>
      {editing ? (
        <>
          <DecimalInput size="xs" w={90} aria-label={t('hours.hours')} value={value} onChange={setValue} />
          <Button
            size="xs"
            onClick={() => {
              const hours = Number(value);
              if (hours > 0 && hours <= 24)
                update.mutate({ id: hour.id, input: { hours } }, { onSuccess: () => setEditing(false) });
            }}
          >
            {t('save')}
          </Button>
        </>
      ) : (
        <Text size="sm">{t('hours.amount', { hours: hour.hours })}</Text>
      )}
      {canChange && !editing && (
        <>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('hours.edit', { date: hour.date })}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="red"
            aria-label={t('hours.delete', { date: hour.date })}
            onClick={() => remove.mutate(hour.id)}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </>
      )}
    </Group>
  );
}

function ReportedHoursPanel({ taskId, role, currentUserId }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: hours = [] } = useHours(taskId);
  // SPEC §4: hour views default to the last 7 days.
  const [from, setFrom] = useState(() => dayjs().subtract(7, 'day').format('YYYY-MM-DD'));
  const [to, setTo] = useState(today);
  const inRange = hours.filter((hour) => hour.date >= from && hour.date <= to);
  const byUser = new Map<string, Hour[]>();
  for (const hour of inRange) byUser.set(hour.user_name, [...(byUser.get(hour.user_name) ?? []), hour]);
  const moderate = can(role, 'work.moderate');
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <TextInput
          type="date"
          size="xs"
          label={t('hours.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          size="xs"
          label={t('hours.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Group>
      {byUser.size === 0 && (
        <Text size="sm" c="dimmed">
          {t('hours.empty')}
        </Text>
      )}
      {[...byUser.entries()].map(([name, entries]) => (
        <Stack key={name} gap={4}>
          <Text fw={600} size="sm">
            {t('hours.user_total', { name, hours: entries.reduce((sum, hour) => sum + hour.hours, 0) })}
          </Text>
          <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((hour) => (
              <HourRow
                key={hour.id}
                hour={hour}
                taskId={taskId}
                canChange={moderate || (hour.user_id === currentUserId && can(role, 'work.report_own'))}
              />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

function CommentItem({
  comment,
  taskId,
  canChange,
}: {
  comment: Comment;
  taskId: number;
  canChange: boolean;
}) {
  const { t } = useTranslation('tasks');
  const update = useUpdateComment(taskId);
  const remove = useDeleteComment(taskId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.text);
  return (
    <Group component="li" align="flex-start" wrap="nowrap" gap="sm">
      <Avatar src={comment.user_image} name={comment.user_name} color="initials" size="sm" alt="" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {comment.user_name}
          </Text>
          <Text size="xs" c="dimmed">
            {when(comment.created_at)}
          </Text>
          {canChange && !editing && (
            <>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('comments.edit')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                aria-label={t('comments.delete')}
                onClick={() => remove.mutate(comment.id)}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </>
          )}
        </Group>
        {editing ? (
          <Stack gap={4}>
            <Textarea
              aria-label={t('comments.edit_box')}
              autosize
              minRows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  const r = validate(CommentInputSchema, { text });
                  if (r.data)
                    update.mutate({ id: comment.id, input: r.data }, { onSuccess: () => setEditing(false) });
                }}
              >
                {t('save')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Markdown text={comment.text} />
        )}
      </Stack>
    </Group>
  );
}

function CommentsPanel({ taskId, role, currentUserId }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: comments = [] } = useComments(taskId);
  const create = useCreateComment(taskId);
  const [text, setText] = useState('');
  const canEdit = can(role, 'work.edit');
  return (
    <Stack gap="sm">
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('comments.empty')}
        </Text>
      )}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {comments.map((comment) => (
          <CommentItem
            key={`${comment.id}-${comment.updated_at}`}
            comment={comment}
            taskId={taskId}
            canChange={can(role, 'work.moderate') || (canEdit && comment.user_id === currentUserId)}
          />
        ))}
      </Stack>
      {canEdit && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const result = validate(CommentInputSchema, { text });
            if (result.data && !create.isPending)
              create.mutate(result.data, { onSuccess: () => setText('') });
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('comments.box')}
              description={t('fields.markdown_hint')}
              autosize
              minRows={2}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={text.trim() === ''} loading={create.isPending}>
                {t('comments.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function AttachmentsPanel({ taskId, role }: PanelProps) {
  const { t } = useTranslation('tasks');
  const { data: attachments = [] } = useAttachments(taskId);
  const upload = useUploadAttachment(taskId);
  const remove = useDeleteAttachment(taskId);
  const canEdit = can(role, 'work.edit');
  return (
    <Stack gap="sm">
      {canEdit && (
        <FileButton
          onChange={(file) =>
            file && upload.mutate(file, { onSuccess: () => notifySuccess(t('attachments.uploaded')) })
          }
        >
          {(props) => (
            <Button {...props} size="xs" variant="light" loading={upload.isPending} w="fit-content">
              {t('attachments.upload')}
            </Button>
          )}
        </FileButton>
      )}
      {attachments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attachments.empty')}
        </Text>
      )}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {attachments.map((attachment) => (
          <Group component="li" key={attachment.id} gap="sm" wrap="nowrap">
            {attachment.thumbnail_url ? (
              <Image
                src={attachment.thumbnail_url}
                alt={attachment.name}
                w={48}
                h={48}
                fit="cover"
                radius="sm"
              />
            ) : null}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {attachment.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatSize(attachment.size)}
              </Text>
            </Stack>
            <ActionIcon
              component="a"
              href={attachment.url}
              download={attachment.name}
              variant="subtle"
              aria-label={t('attachments.download', { name: attachment.name })}
            >
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('attachments.delete', { name: attachment.name })}
                onClick={() => remove.mutate(attachment.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** Logs, report hours, reported hours, comments, attachments: one open at a time (SPEC §2). */
export function TaskPanels(props: PanelProps) {
  const { t } = useTranslation('tasks');
  const [panel, setPanel] = useState<Panel>('comments');
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('panels.label')}
        fullWidth
        value={panel}
        onChange={(value) => setPanel(value as Panel)}
        data={PANELS.map((value) => ({ value, label: t(`panels.${value}`) }))}
      />
      <div role="region" aria-label={t(`panels.${panel}`)} data-panel={panel}>
        {panel === 'logs' && <LogsPanel {...props} />}
        {panel === 'report' && <ReportHoursPanel {...props} />}
        {panel === 'reported' && <ReportedHoursPanel {...props} />}
        {panel === 'comments' && <CommentsPanel {...props} />}
        {panel === 'attachments' && <AttachmentsPanel {...props} />}
      </div>
    </Stack>
  );
}
