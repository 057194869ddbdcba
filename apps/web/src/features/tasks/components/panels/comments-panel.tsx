import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { can, CommentInputSchema, type Comment } from '@teamboard/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../../../components/edit-delete-actions';
import { Markdown } from '../../../../components/markdown';
import { validate } from '../../../../lib/validation';
import { useCreateComment } from '../../api/create-comment';
import { useDeleteComment } from '../../api/delete-comment';
import { useComments } from '../../api/get-comments';
import { useUpdateComment } from '../../api/update-comment';
import type { PanelProps } from './panel-props';
import { useFormat } from '../../../../lib/use-format';

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
  const format = useFormat();
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
            {format.dateTime(comment.created_at)}
          </Text>
          {canChange && !editing && (
            <EditDeleteActions
              editLabel={t('comments.edit')}
              deleteLabel={t('comments.delete')}
              onEdit={() => setEditing(true)}
              onDelete={() => remove.mutate(comment.id)}
            />
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

export function CommentsPanel({ taskId, role, currentUserId }: PanelProps) {
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
